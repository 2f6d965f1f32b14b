// Bug: order violation that ends in a livelock: a producer hands a value to
//        a consumer through a flag the consumer spins on, and re-arms the
//        flag (clears it) right away for the next hand-off instead of
//        waiting for the consumer's acknowledgement; a consumer that did not
//        look at the flag while it was set spins forever.
// Depth: 1 (one ordering constraint: the producer's clear before the
//        consumer's first read of the set flag; with the producer above the
//        consumer PCT needs no change point).
// Threads: 3 (main, producer, consumer).
// Manifests: livelock: the consumer spins (sched_yield) forever while main
//        waits to join it; schedsan reports it when the run exceeds its
//        step budget (run with a small one, e.g. max_steps=100000);
//        natively the program spins forever.
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int ready;
static int value;

static void *producer(void *arg) {
  value = 42;
  atomic_store(&ready, 1);
  atomic_store(&ready, 0); // BUG: re-armed before the consumer saw it
  return 0;
}

static void *consumer(void *arg) {
  while (!atomic_load(&ready))
    sched_yield();
  printf("value=%d\n", value);
  return 0;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return 0;
}
