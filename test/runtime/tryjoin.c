// pthread_tryjoin_np and pthread_timedjoin_np: EBUSY / ETIMEDOUT while the
// thread runs, 0 with its result once it finished; both outcomes occur
// across seeds and no run reports anything.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 100 %t | FileCheck %s
// CHECK: 100 seeds passed
// RUN: for s in $(seq 1 100); do SCHEDSAN_OPTIONS=seed=$s %t; done | sort | uniq -c | FileCheck --check-prefix=BOTH %s
// BOTH-DAG: busy-first
// BOTH-DAG: done-first
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

void *worker(void *arg) { return (void *)42; }

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  void *r = 0;
  int first = pthread_tryjoin_np(t, &r);
  if (first != 0 && first != EBUSY)
    return 1;
  puts(first == EBUSY ? "busy-first" : "done-first");
  while (first == EBUSY) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += 1;
    first = pthread_timedjoin_np(t, &r, &ts);
    if (first != 0 && first != ETIMEDOUT)
      return 2;
    if (first == ETIMEDOUT)
      first = EBUSY;
  }
  return r == (void *)42 ? 0 : 3;
}
