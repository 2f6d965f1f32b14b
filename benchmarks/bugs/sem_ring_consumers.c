// Bug: atomicity violation in a semaphore-based ring buffer: the semaphores
//        count free and filled slots correctly, but the two consumers share
//        the `out` index without a lock; both can read the same index, take
//        the same item, and advance `out` once.
// Depth: 2 (consumer A's read of `out` before consumer B's store of it, and
//        B's read before A's store: one preemption of A between its read
//        of `out` and its store).
// Threads: 4 (main, one producer of 4 items, two consumers taking 2 each).
// Manifests: the assertion in `consumer` fails ("item consumed twice").
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

#define SLOTS 2
#define ITEMS 4

static int ring[SLOTS];
static int in, out;
static sem_t free_slots, filled;
static int consumed[ITEMS];

static void *producer(void *arg) {
  for (int i = 0; i < ITEMS; ++i) {
    sem_wait(&free_slots);
    ring[in] = i;
    in = (in + 1) % SLOTS;
    sem_post(&filled);
  }
  return 0;
}

static void *consumer(void *arg) {
  for (int n = 0; n < ITEMS / 2; ++n) {
    sem_wait(&filled);
    int i = out;      // BUG: `out` is shared by both consumers
    int item = ring[i];
    out = (i + 1) % SLOTS;
    sem_post(&free_slots);
    assert(consumed[item]++ == 0 && "item consumed twice");
  }
  return 0;
}

int main(void) {
  sem_init(&free_slots, 0, SLOTS);
  sem_init(&filled, 0, 0);
  pthread_t p, c1, c2;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c1, 0, consumer, 0);
  pthread_create(&c2, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(c1, 0);
  pthread_join(c2, 0);
  printf("consumed all %d items\n", ITEMS);
  return 0;
}
