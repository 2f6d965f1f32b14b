// A thread spinning in an untimed futex wait (a yield each time round,
// runtime/interceptors/schedsan_interceptors_futex.cpp) whose word another thread has
// changed goes on when it runs: under the fair scheduler, time must not
// jump past it to time out a timed wait elsewhere. Abseil's Mutex and
// CondVar wait so (a waiter spins on its semaphore word; WaitWithTimeout
// is a timed futex wait): a CondVar::WaitWithTimeout retry loop was
// reported as a livelock in 54 of 200 PCT runs with fair_after=1, the
// waiter timing out again and again before the posted thread ran. Here
// main posts the worker and waits up to 10 s for its answer; the worker
// answers as soon as it runs, so the wait never times out. 20 seeds under
// each strategy, with the fair phase from the first no-progress event.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SEEDS_OPTIONS=strategy=random:fair_after=1 %seeds 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct:fair_after=1 %seeds 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pos:fair_after=1 %seeds 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=swarm:fair_after=1 %seeds 20 %t | FileCheck %s
// CHECK: 20 seeds passed
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int posted, answered;

static long futex(int *word, int op, int val, const struct timespec *ts) {
  return syscall(SYS_futex, word, op, val, ts, 0, 0);
}

// Waits, untimed, until *word is not 0 (a semaphore's wait, as Abseil's).
static void waitPosted(int *word) {
  while (!__atomic_load_n(word, __ATOMIC_ACQUIRE))
    futex(word, FUTEX_WAIT_PRIVATE, 0, 0);
}

static void post(int *word) {
  __atomic_store_n(word, 1, __ATOMIC_RELEASE);
  futex(word, FUTEX_WAKE_PRIVATE, 1, 0);
}

static void *worker(void *arg) {
  waitPosted(&posted);
  post(&answered);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  usleep(1000); // the worker waits by now
  post(&posted);
  int timeouts = 0;
  while (!__atomic_load_n(&answered, __ATOMIC_ACQUIRE)) {
    struct timespec ts = {10, 0};
    if (futex(&answered, FUTEX_WAIT_PRIVATE, 0, &ts) == -1 &&
        errno == ETIMEDOUT)
      ++timeouts;
  }
  pthread_join(t, 0);
  printf("timeouts %d\n", timeouts);
  assert(timeouts == 0 && "timed out although the worker was posted");
  return 0;
}
