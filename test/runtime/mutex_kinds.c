// Normal, recursive and errorcheck mutexes: lock/trylock/timedlock/unlock
// keep their POSIX results under control, for 200 seeds. Each counter has
// one mutex (a `counter++` under two different mutexes loses updates).
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 200 %t | FileCheck %s
// CHECK: 200 seeds passed
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CHECK(x) do { if (!(x)) { fprintf(stderr, "failed: %s\n", #x); exit(1); } } while (0)
pthread_mutex_t normal = PTHREAD_MUTEX_INITIALIZER, rec, err;
int counter, rec_counter, held;

void *worker(void *arg) {
  for (int i = 0; i < 5; ++i) {
    pthread_mutex_lock(&normal);
    counter++;
    pthread_mutex_unlock(&normal);
    // recursive: lock twice, unlock twice
    pthread_mutex_lock(&rec);
    pthread_mutex_lock(&rec);
    rec_counter++;
    pthread_mutex_unlock(&rec);
    pthread_mutex_unlock(&rec);
    int r = pthread_mutex_trylock(&normal);
    CHECK(r == 0 || r == EBUSY);
    if (r == 0) { counter++; pthread_mutex_unlock(&normal); } else { __atomic_fetch_add(&held, 1, __ATOMIC_RELAXED); pthread_mutex_lock(&normal); counter++; pthread_mutex_unlock(&normal); }
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += 1;
    r = pthread_mutex_timedlock(&normal, &ts);
    CHECK(r == 0 || r == ETIMEDOUT);
    if (r == 0) { counter++; pthread_mutex_unlock(&normal); } else { pthread_mutex_lock(&normal); counter++; pthread_mutex_unlock(&normal); }
  }
  return 0;
}

int main() {
  pthread_mutexattr_t a;
  pthread_mutexattr_init(&a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&rec, &a);
  pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&err, &a);
  CHECK(pthread_mutex_lock(&err) == 0);
  CHECK(pthread_mutex_lock(&err) == EDEADLK);
  CHECK(pthread_mutex_unlock(&err) == 0);
  CHECK(pthread_mutex_unlock(&err) == EPERM);
  pthread_t t[3];
  for (int i = 0; i < 3; ++i) pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 3; ++i) pthread_join(t[i], 0);
  CHECK(counter == 3 * 5 * 3 && rec_counter == 3 * 5);
  return 0;
}
