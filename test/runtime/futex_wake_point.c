// A raw FUTEX_WAKE is a scheduling point, and in the fair phase the waker
// steps aside there: the thread it woke runs before it goes on. A lock
// that lives in code without points (a library built without schedsan:
// Abseil's Mutex, here functions the pass ignores) is released and taken
// back with no point in between; natively the woken waiter runs beside
// the releaser and takes the lock in that gap. main holds the lock while
// it waits 1 ms for a notification that the worker can only give under
// the lock (absl::Notification::WaitForNotificationWithTimeout in a loop
// under a MutexLock: before, about half the runs of every strategy were
// reported as livelocks, and PCT's ran until killed). 20 seeds under each
// strategy, each run at most 20 s.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SEEDS_OPTIONS=strategy=random %seeds 20 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct %seeds 20 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 20 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=swarm %seeds 20 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct:fair_after=1 %seeds 20 timeout 20 %t | FileCheck %s
// CHECK: 20 seeds passed
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define IGNORED __attribute__((schedsan_ignore, noinline))

static int mu, notified;

static long futex(int *word, int op, int val, const struct timespec *ts) {
  return syscall(SYS_futex, word, op, val, ts, 0, 0);
}

// A futex lock (0 free, 1 held, 2 held with waiters), as libraries have.
IGNORED static void lock(int *w) {
  int c = 0;
  if (__atomic_compare_exchange_n(w, &c, 1, 0, __ATOMIC_ACQUIRE,
                                  __ATOMIC_RELAXED))
    return;
  if (c != 2)
    c = __atomic_exchange_n(w, 2, __ATOMIC_ACQUIRE);
  while (c != 0) {
    futex(w, FUTEX_WAIT_PRIVATE, 2, 0);
    c = __atomic_exchange_n(w, 2, __ATOMIC_ACQUIRE);
  }
}

IGNORED static void unlock(int *w) {
  if (__atomic_fetch_sub(w, 1, __ATOMIC_RELEASE) != 1) {
    __atomic_store_n(w, 0, __ATOMIC_RELEASE);
    futex(w, FUTEX_WAKE_PRIVATE, 1, 0);
  }
}

// Under the lock, waits up to 1 ms for the notification; whether it came.
IGNORED static int waitUnderLock(void) {
  lock(&mu);
  struct timespec ts = {0, 1000000};
  if (!__atomic_load_n(&notified, __ATOMIC_ACQUIRE))
    futex(&notified, FUTEX_WAIT_PRIVATE, 0, &ts);
  int n = __atomic_load_n(&notified, __ATOMIC_ACQUIRE);
  unlock(&mu);
  return n;
}

IGNORED static void *worker(void *arg) {
  lock(&mu);
  __atomic_store_n(&notified, 1, __ATOMIC_RELEASE);
  futex(&notified, FUTEX_WAKE_PRIVATE, 1, 0);
  unlock(&mu);
  return 0;
}

IGNORED static void waitLoop(void) {
  while (!waitUnderLock()) {
  }
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  waitLoop();
  pthread_join(t, 0);
  printf("notified\n");
  return 0;
}
