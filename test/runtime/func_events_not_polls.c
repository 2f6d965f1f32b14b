// With the script events on (-schedsan-func-events, -schedsan-call-events),
// a thread that keeps entering functions is making progress, not polling:
// with fair_after=1 the fair scheduler would otherwise take the CPU from it at
// once, and the run would need many more context switches.
// RUN: %schedsan_cc -g -O1 -mllvm -schedsan-func-events -mllvm -schedsan-call-events %s -o %t
// RUN: env SCHEDSAN_OPTIONS=strategy=pct:depth=1:fair_after=1:verbosity=1 %t 2>&1 | FileCheck %s
// CHECK: schedsan: strategy=pct seed=0 threads=2 steps={{[0-9]+}} switches={{[0-2]}} preemptions=
#include <pthread.h>

__attribute__((noinline)) int step(int i) { return i + 1; }

void *worker(void *arg) {
  int s = 0;
  for (int i = 0; i < 200; ++i)
    s = step(s);
  return (void *)(long)s;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return 0;
}
