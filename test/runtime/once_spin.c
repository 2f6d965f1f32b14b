// pthread_once runs its initializer exactly once with 8 racing threads, and
// spinlocks protect a counter; 200 seeds.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 200 %t | FileCheck %s
// CHECK: 200 seeds passed
#include <pthread.h>
#include <stdio.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
pthread_spinlock_t spin;
int inits, counter;
void init(void) { inits++; }

void *worker(void *arg) {
  pthread_once(&once, init);
  for (int i = 0; i < 3; ++i) {
    if (pthread_spin_trylock(&spin) != 0)
      pthread_spin_lock(&spin);
    counter++;
    pthread_spin_unlock(&spin);
  }
  return 0;
}

int main() {
  pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
  pthread_t t[8];
  for (int i = 0; i < 8; ++i) pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 8; ++i) pthread_join(t[i], 0);
  if (inits != 1 || counter != 24) { fprintf(stderr, "inits %d counter %d\n", inits, counter); return 1; }
  return 0;
}
