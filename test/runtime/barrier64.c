// A barrier with 64 threads, three rounds: nobody passes early, exactly one
// thread per round gets PTHREAD_BARRIER_SERIAL_THREAD; 200 seeds.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 200 %t | FileCheck %s
// CHECK: 200 seeds passed
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { T = 64, ROUNDS = 3 };
pthread_barrier_t bar;
int arrived[ROUNDS], serial[ROUNDS];

void *worker(void *arg) {
  for (int r = 0; r < ROUNDS; ++r) {
    __atomic_fetch_add(&arrived[r], 1, __ATOMIC_SEQ_CST);
    int s = pthread_barrier_wait(&bar);
    if (__atomic_load_n(&arrived[r], __ATOMIC_SEQ_CST) != T) { fprintf(stderr, "passed early\n"); exit(1); }
    if (s == PTHREAD_BARRIER_SERIAL_THREAD) __atomic_fetch_add(&serial[r], 1, __ATOMIC_SEQ_CST);
    else if (s != 0) exit(2);
  }
  return 0;
}

int main() {
  pthread_barrier_init(&bar, 0, T);
  pthread_t t[T];
  for (int i = 0; i < T; ++i) pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < T; ++i) pthread_join(t[i], 0);
  for (int r = 0; r < ROUNDS; ++r) if (serial[r] != 1) { fprintf(stderr, "serial %d\n", serial[r]); return 1; }
  pthread_barrier_destroy(&bar);
  return 0;
}
