// A long-running program may create threads for ever: 40,000 threads, one
// after another (more than can be alive at once), each created, run and
// joined while the others come and go, under every strategy. Thread ids
// are never reused, and have no limit short of 2^32.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=seed=1:verbosity=1 %t 2>&1 | FileCheck %s
// CHECK: threads=40001
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=3 %seeds 2 %t | FileCheck --check-prefix=SEEDS %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 2 %t | FileCheck --check-prefix=SEEDS %s
// SEEDS: 2 seeds passed
#include <assert.h>
#include <pthread.h>

static long total;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *add(void *arg) {
  pthread_mutex_lock(&m);
  total += (long)arg;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t prev;
  pthread_create(&prev, 0, add, (void *)1L);
  for (int i = 1; i < 40000; ++i) {
    pthread_t next;
    pthread_create(&next, 0, add, (void *)1L);
    pthread_join(prev, 0);
    prev = next;
  }
  pthread_join(prev, 0);
  assert(total == 40000);
  return 0;
}
