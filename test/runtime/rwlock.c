// rwlocks: rdlock, wrlock, tryrdlock, trywrlock, timed variants and unlock;
// writers are exclusive, readers see consistent pairs, for 200 seeds.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 200 %t | FileCheck %s
// CHECK: 200 seeds passed
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
int a, b, writers_inside;

void *writer(void *arg) {
  for (int i = 0; i < 4; ++i) {
    if (i % 2) pthread_rwlock_wrlock(&l);
    else if (pthread_rwlock_trywrlock(&l) != 0) pthread_rwlock_wrlock(&l);
    if (writers_inside++ != 0) { fprintf(stderr, "two writers\n"); exit(1); }
    a++; b++;
    writers_inside--;
    pthread_rwlock_unlock(&l);
  }
  return 0;
}

void *reader(void *arg) {
  for (int i = 0; i < 4; ++i) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += 1;
    int r = i % 2 ? pthread_rwlock_tryrdlock(&l) : pthread_rwlock_timedrdlock(&l, &ts);
    if (r == EBUSY || r == ETIMEDOUT) r = pthread_rwlock_rdlock(&l);
    if (r) { fprintf(stderr, "rdlock %d\n", r); exit(1); }
    if (a != b || writers_inside) { fprintf(stderr, "torn read\n"); exit(1); }
    pthread_rwlock_unlock(&l);
  }
  return 0;
}

int main() {
  pthread_t t[4];
  pthread_create(&t[0], 0, writer, 0);
  pthread_create(&t[1], 0, writer, 0);
  pthread_create(&t[2], 0, reader, 0);
  pthread_create(&t[3], 0, reader, 0);
  for (int i = 0; i < 4; ++i) pthread_join(t[i], 0);
  return a == 8 && b == 8 ? 0 : 1;
}
