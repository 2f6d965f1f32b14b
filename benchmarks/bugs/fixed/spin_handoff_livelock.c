// Fixed twin of ../spin_handoff_livelock.c: the producer re-arms the flag
// only after the consumer acknowledged the value.
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int ready, acked;
static int value;

static void *producer(void *arg) {
  value = 42;
  atomic_store(&ready, 1);
  while (!atomic_load(&acked))
    sched_yield();
  atomic_store(&ready, 0);
  return 0;
}

static void *consumer(void *arg) {
  while (!atomic_load(&ready))
    sched_yield();
  assert(value == 42);
  printf("value=%d\n", value);
  atomic_store(&acked, 1);
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
