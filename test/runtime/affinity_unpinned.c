// The run pins the process to one CPU (cpu=), but the program sees the
// CPU mask it had before: sched_getaffinity and pthread_getaffinity_np, in
// main and in a thread, name as many CPUs as `nproc` does outside (a pool
// sized from the mask, oneTBB's or libomp's, gets its workers: before,
// oneTBB ran a parallel_for on the main thread alone and a campaign tested
// none of its concurrency). Also through `schedsan run`, whose workers pin
// their threads before they start the program. Once the program sets a
// mask itself, it sees that mask.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %t $(nproc)
// RUN: env SCHEDSAN_OPTIONS=cpu=0 %t $(nproc)
// RUN: %bindir/schedsan run -n 3 -j 1 -- %t $(nproc) | FileCheck --check-prefix=CAMPAIGN %s
// RUN: %bindir/schedsan run -n 3 -j 1 --no-fork-server -- %t $(nproc) | FileCheck --check-prefix=CAMPAIGN %s
// CAMPAIGN: result {{ *}}3 passed, 0 failed
// RUN: %t $(nproc) set | FileCheck --check-prefix=SET %s
// SET: after setting: 1 cpu
#define _GNU_SOURCE
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int expected;

static void check(const char *who) {
  cpu_set_t s, t;
  assert(sched_getaffinity(0, sizeof(s), &s) == 0);
  assert(pthread_getaffinity_np(pthread_self(), sizeof(t), &t) == 0);
  printf("%s: %d %d cpus\n", who, CPU_COUNT(&s), CPU_COUNT(&t));
  assert(CPU_COUNT(&s) == expected && CPU_COUNT(&t) == expected);
}

static void *worker(void *arg) {
  check("thread");
  return 0;
}

int main(int argc, char **argv) {
  expected = atoi(argv[1]);
  check("main");
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  if (argc > 2) {
    cpu_set_t one, now;
    CPU_ZERO(&one);
    CPU_SET(sched_getcpu(), &one);
    assert(sched_setaffinity(0, sizeof(one), &one) == 0);
    assert(sched_getaffinity(0, sizeof(now), &now) == 0);
    printf("after setting: %d cpu\n", CPU_COUNT(&now));
  }
  return 0;
}
