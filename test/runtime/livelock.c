// A run that exceeds its step budget is reported as a livelock (two threads
// waiting for each other's flag forever, politely).
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=max_steps=20000 %t > %t.out 2>&1; test $? = 66
// RUN: FileCheck %s < %t.out
// CHECK: ERROR: ScheduleSanitizer: livelock
// CHECK-NEXT: the run exceeded its step budget of 20000 scheduling points (max_steps)
// CHECK: SUMMARY: ScheduleSanitizer: livelock
// CHECK: Replay: SCHEDSAN_OPTIONS='strategy=random:seed=0:max_steps=20000:replay=
#include <pthread.h>
#include <stdatomic.h>

atomic_int turn_a, turn_b;
void *polite(void *arg) {
  atomic_int *mine = arg, *other = arg == &turn_a ? &turn_b : &turn_a;
  for (;;) {
    atomic_store(mine, 1);
    if (!atomic_load(other)) break;
    atomic_store(mine, 0);
  }
  for (;;) atomic_load(other); // never leaves
  return 0;
}
int main() {
  pthread_t a, b;
  pthread_create(&a, 0, polite, &turn_a);
  pthread_create(&b, 0, polite, &turn_b);
  pthread_join(a, 0);
  return 0;
}
