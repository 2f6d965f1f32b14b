// Synchronizing with another thread is progress: a loop that reads the
// same global bound at each round but hands a token back and forth through
// semaphores is not a spin loop (its reads of `rounds` are not polls once
// the other thread's post arrived), so the run never enters the fair phase
// and the strategy alone decides: PCT depth 1 switches exactly twice a
// round (3,000 rounds, far past fair_after=1000 if the reads counted).
// RUN: %schedsan_cc -g -O2 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=strategy=pct:depth=1:verbosity=1 %t 2>&1 | FileCheck %s
// CHECK: strategy=pct seed=0 threads=2 steps={{[0-9]+}} switches=6002 preemptions=1
#include <pthread.h>
#include <semaphore.h>

long rounds = 3000;
static sem_t ping, pong;

static void *ponger(void *arg) {
  for (long i = 0; i < rounds; ++i) {
    sem_wait(&ping);
    sem_post(&pong);
  }
  return 0;
}

int main(void) {
  sem_init(&ping, 0, 0);
  sem_init(&pong, 0, 0);
  pthread_t t;
  pthread_create(&t, 0, ponger, 0);
  for (long i = 0; i < rounds; ++i) {
    sem_post(&ping);
    sem_wait(&pong);
  }
  pthread_join(t, 0);
  return 0;
}
