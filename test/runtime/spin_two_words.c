// A spin loop that polls two words, `while (load(a) == load(b)) yield();`,
// finishes under PCT too: reading again any word read since the thread last
// wrote or synchronized counts as a poll, so the spinning thread is demoted
// (before, PCT at depth 1 reported a false livelock in most seeds).
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=1:max_steps=200000 %seeds 40 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=3:max_steps=200000 %seeds 40 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=max_steps=200000 %seeds 40 %t | FileCheck %s
// CHECK: 40 seeds passed
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

atomic_int a, b;

void *bump(void *arg) {
  atomic_store(&b, 1);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, bump, 0);
  while (atomic_load(&a) == atomic_load(&b))
    sched_yield();
  pthread_join(t, 0);
  return 0;
}
