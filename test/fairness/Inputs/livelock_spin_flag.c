// A real livelock: the consumer spins (yielding) on a flag that nobody ever
// sets (the producer publishes its value but forgets the flag), while main
// is blocked joining the consumer. The program never ends.
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int ready;
static int value;

static void *producer(void *arg) {
  value = 42; // ... and no atomic_store(&ready, 1)
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
