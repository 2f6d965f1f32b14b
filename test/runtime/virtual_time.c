// Virtual time (runtime/core/schedsan_time.cpp): sleeps wait on a virtual clock
// that moves only when no thread can go on, and the clocks return it. A
// sleep "so the worker starts" orders the threads under every strategy and
// seed; sleep(3) moves every clock by 3 s (plus 100 ns a read) at once, and
// the program takes no real time to do it (the run is killed after 20 s).
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 30 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=3 %seeds 30 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 30 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=swarm %seeds 30 timeout 20 %t | FileCheck %s
// CHECK: 30 seeds passed
//
// With time=yield sleeps are yields and the clocks are real: the worker may
// still be running after the sleep (some seed in 1..30 shows it: with
// random walk the worker's 50 points all run before main's next point with
// probability 2^-50 per seed), and sleep(3) takes no time on the clock.
// RUN: env SCHEDSAN_OPTIONS=time=yield %t yield > %t.yield 2>&1 || true
// RUN: FileCheck --check-prefix=YIELD %s < %t.yield
// YIELD: yield clock moved 0 s
// RUN: env SEEDS_OPTIONS=time=yield %seeds 30 %t > %t.race 2>&1 || true
// RUN: FileCheck --check-prefix=RACE %s < %t.race
// RACE: Assertion `ready' failed
// RACE: strategy=random seed={{[0-9]+}} {{.*}}time=yield
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static int ready;
static volatile int work[50];

static void *worker(void *arg) {
  for (int i = 0; i < 50; ++i)
    work[i] = i;
  ready = 1;
  return 0;
}

static double now(clockid_t c) {
  struct timespec t;
  clock_gettime(c, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "yield")) {
    double m0 = now(CLOCK_MONOTONIC);
    sleep(3);
    printf("yield clock moved %.0f s\n", now(CLOCK_MONOTONIC) - m0);
    return 0;
  }
  double m0 = now(CLOCK_MONOTONIC), r0 = now(CLOCK_REALTIME);
  time_t t0 = time(0);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  usleep(100000); // "so the worker runs"
  assert(ready);
  sleep(3);
  double m1 = now(CLOCK_MONOTONIC), r1 = now(CLOCK_REALTIME);
  struct timeval tv;
  gettimeofday(&tv, 0);
  double dm = m1 - m0, dr = r1 - r0;
  assert(dm >= 3.1 && dm < 3.1001);
  assert(dr >= 3.1 && dr < 3.1001);
  assert(tv.tv_sec + tv.tv_usec / 1e6 - r0 >= 3.09); // microseconds
  assert(time(0) - t0 >= 3);
  pthread_join(t, 0);
  return 0;
}
