// pthread_rwlock_clockrdlock and pthread_rwlock_clockwrlock (what
// std::shared_timed_mutex's try_lock_for and try_lock_shared_for call) are
// modeled as the timed forms are: a lock the model did not see would let
// the writer block in the kernel as the running thread, with the reader
// that must unlock never scheduled (a hang). 100 seeds, each run at most
// 10 s.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 100 timeout 10 %t | FileCheck %s
// CHECK: 100 seeds passed
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static int value;

static struct timespec in_one_second(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  t.tv_sec += 1;
  return t;
}

static void *reader(void *arg) {
  struct timespec t = in_one_second();
  if (pthread_rwlock_clockrdlock(&rw, CLOCK_MONOTONIC, &t) == 0) {
    int v = value;
    (void)v;
    pthread_rwlock_unlock(&rw);
  }
  return 0;
}

static void *writer(void *arg) {
  struct timespec t = in_one_second();
  int r = pthread_rwlock_clockwrlock(&rw, CLOCK_MONOTONIC, &t);
  if (r == 0) {
    value++;
    pthread_rwlock_unlock(&rw);
  } else if (r != ETIMEDOUT) {
    printf("clockwrlock: %d\n", r);
  }
  return 0;
}

int main(void) {
  pthread_t r, w;
  pthread_create(&r, 0, reader, 0);
  pthread_create(&w, 0, writer, 0);
  pthread_rwlock_wrlock(&rw);
  value++;
  pthread_rwlock_unlock(&rw);
  pthread_join(r, 0);
  pthread_join(w, 0);
  return 0;
}
