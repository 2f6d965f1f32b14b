// Condition variables: wait, timedwait, signal and broadcast in a bounded
// buffer with several producers and consumers; no report and the right sum
// for 200 seeds.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 200 %t | FileCheck %s
// CHECK: 200 seeds passed
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { N = 4, ITEMS = 6 };
int buf[N], count, in, out, sum, producers_done;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;

void *producer(void *arg) {
  for (int i = 1; i <= ITEMS; ++i) {
    pthread_mutex_lock(&m);
    while (count == N) pthread_cond_wait(&not_full, &m);
    buf[in] = i; in = (in + 1) % N; count++;
    pthread_cond_signal(&not_empty);
    pthread_mutex_unlock(&m);
  }
  pthread_mutex_lock(&m);
  producers_done++;
  pthread_cond_broadcast(&not_empty);
  pthread_mutex_unlock(&m);
  return 0;
}

void *consumer(void *arg) {
  for (;;) {
    pthread_mutex_lock(&m);
    while (count == 0 && producers_done < 2) {
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      ts.tv_sec += 5;
      int r = pthread_cond_timedwait(&not_empty, &m, &ts);
      if (r != 0 && r != ETIMEDOUT) { fprintf(stderr, "timedwait: %d\n", r); exit(1); }
    }
    if (count == 0) { pthread_mutex_unlock(&m); return 0; }
    sum += buf[out]; out = (out + 1) % N; count--;
    pthread_cond_signal(&not_full);
    pthread_mutex_unlock(&m);
  }
}

int main() {
  pthread_t p[2], c[2];
  for (int i = 0; i < 2; ++i) pthread_create(&p[i], 0, producer, 0);
  for (int i = 0; i < 2; ++i) pthread_create(&c[i], 0, consumer, 0);
  for (int i = 0; i < 2; ++i) pthread_join(p[i], 0);
  for (int i = 0; i < 2; ++i) pthread_join(c[i], 0);
  if (sum != 2 * ITEMS * (ITEMS + 1) / 2) { fprintf(stderr, "sum %d\n", sum); return 1; }
  return 0;
}
