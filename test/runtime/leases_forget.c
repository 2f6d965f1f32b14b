// A lease ends where the synchronization model changes without a
// scheduling point: here a barrier is destroyed while a thread waits on it
// (undefined for POSIX, but the runtime forgets the barrier and the waiter
// becomes enabled). Runs with and without leases must still make the same
// choices (runtime/core/schedsan_sync.cpp, syncForget).
// RUN: %schedsan_cc -O1 %s -o %t
// RUN: %S/Inputs/same_with_leases.sh 6 %t | FileCheck %s
// CHECK: 48 runs identical with and without leases
#include <pthread.h>
#include <stdio.h>

pthread_barrier_t b;
volatile int g, seen;

void *f(void *a) {
  pthread_barrier_wait(&b);
  seen = g;
  return a;
}

int main() {
  pthread_barrier_init(&b, 0, 2);
  pthread_t t;
  pthread_create(&t, 0, f, 0);
  for (int i = 0; i < 5; ++i) // the worker reaches the barrier meanwhile
    g = g + 1;
  pthread_barrier_destroy(&b);
  for (int i = 0; i < 20; ++i)
    g = g + 1;
  pthread_join(t, 0);
  printf("seen=%d\n", seen);
  return 0;
}
