// Robust mutexes (POSIX): a thread that ends holding one frees it for the
// next locker, which gets EOWNERDEAD; made consistent, the mutex works on;
// unlocked without pthread_mutex_consistent, every later lock gets
// ENOTRECOVERABLE. No deadlock is reported, under every strategy.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 30 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=3 %seeds 30 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 30 %t | FileCheck %s
// CHECK: 30 seeds passed
#include <assert.h>
#include <errno.h>
#include <pthread.h>

static pthread_mutex_t fixed, lost;

static void *die_holding(void *arg) {
  pthread_mutex_lock(&fixed);
  pthread_mutex_lock(&lost);
  return 0; // ends holding both
}

static void *locker(void *arg) {
  int r = pthread_mutex_lock(&fixed);
  if (r == EOWNERDEAD)
    pthread_mutex_consistent(&fixed);
  else
    assert(r == 0);
  pthread_mutex_unlock(&fixed);
  return (void *)(long)r;
}

int main(void) {
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
  pthread_mutex_init(&fixed, &a);
  pthread_mutex_init(&lost, &a);
  pthread_t t, u;
  pthread_create(&t, 0, die_holding, 0);
  pthread_join(t, 0);
  pthread_create(&u, 0, locker, 0);
  void *r;
  pthread_join(u, &r);
  assert((long)r == EOWNERDEAD);
  assert(pthread_mutex_lock(&fixed) == 0); // consistent again
  pthread_mutex_unlock(&fixed);
  assert(pthread_mutex_lock(&lost) == EOWNERDEAD);
  pthread_mutex_unlock(&lost); // not made consistent
  assert(pthread_mutex_lock(&lost) == ENOTRECOVERABLE);
  assert(pthread_mutex_trylock(&lost) == ENOTRECOVERABLE);
  return 0;
}
