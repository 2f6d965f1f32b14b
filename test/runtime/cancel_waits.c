// pthread_cancel of a thread blocked in a modeled wait: condition waits,
// semaphore waits, joins and sleeps are cancellation points. The cancelled
// thread runs its cleanup handlers (a condition wait's with the mutex held
// again) and ends with PTHREAD_CANCELED; nothing is reported as a
// deadlock. A thread that disabled cancellation keeps waiting until it is
// woken, then acts on the cancel once it enables it again. Under every
// strategy, with virtual time and with time=yield.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 30 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=3 %seeds 30 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 30 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=swarm %seeds 30 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=time=yield %seeds 30 %t | FileCheck %s
// CHECK: 30 seeds passed
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static sem_t s;
static int cleanups, held_in_cleanup, woken;

// Cleanup handlers of different threads may run between each other's read
// and write of `cleanups`: it is counted atomically.
static void unlock_cleanup(void *arg) {
  held_in_cleanup += pthread_mutex_trylock(&m) != 0; // we hold it: EBUSY
  __atomic_fetch_add(&cleanups, 1, __ATOMIC_RELAXED);
  pthread_mutex_unlock(&m);
}

static void count_cleanup(void *arg) {
  __atomic_fetch_add(&cleanups, 1, __ATOMIC_RELAXED);
}

static void *cond_waiter(void *arg) {
  pthread_mutex_lock(&m);
  pthread_cleanup_push(unlock_cleanup, 0);
  for (;;)
    pthread_cond_wait(&c, &m); // never signaled
  pthread_cleanup_pop(0);
  return 0;
}

static void *sem_waiter(void *arg) {
  pthread_cleanup_push(count_cleanup, 0);
  sem_wait(&s); // never posted
  pthread_cleanup_pop(0);
  return 0;
}

static void *sleeper(void *arg) {
  pthread_cleanup_push(count_cleanup, 0);
  for (;;)
    sleep(1000);
  pthread_cleanup_pop(0);
  return 0;
}

static void *joiner(void *arg) {
  pthread_cleanup_push(count_cleanup, 0);
  pthread_join(*(pthread_t *)arg, 0); // the sleeper: it never ends by itself
  pthread_cleanup_pop(0);
  return 0;
}

static void *stubborn(void *arg) {
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, 0);
  pthread_mutex_lock(&m);
  while (!woken)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, 0);
  pthread_testcancel();
  return (void *)1; // not reached
}

int main(void) {
  sem_init(&s, 0, 0);
  pthread_t t[5];
  pthread_create(&t[0], 0, cond_waiter, 0);
  pthread_create(&t[1], 0, sem_waiter, 0);
  pthread_create(&t[2], 0, sleeper, 0);
  pthread_create(&t[3], 0, joiner, &t[2]);
  pthread_create(&t[4], 0, stubborn, 0);
  usleep(1000); // let them all reach their waits
  pthread_cancel(t[0]);
  pthread_cancel(t[1]);
  pthread_cancel(t[3]);
  pthread_cancel(t[4]);
  for (int i = 0; i < 2; ++i) {
    void *r;
    pthread_join(t[i], &r);
    assert(r == PTHREAD_CANCELED);
  }
  void *r;
  pthread_join(t[3], &r);
  assert(r == PTHREAD_CANCELED);
  pthread_cancel(t[2]);
  pthread_join(t[2], &r);
  assert(r == PTHREAD_CANCELED);
  pthread_mutex_lock(&m);
  woken = 1;
  pthread_cond_broadcast(&c);
  pthread_mutex_unlock(&m);
  pthread_join(t[4], &r);
  assert(r == PTHREAD_CANCELED);
  assert(cleanups == 4 && held_in_cleanup == 1);
  return 0;
}
