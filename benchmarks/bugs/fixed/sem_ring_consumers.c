// Fixed twin of ../sem_ring_consumers.c: the consumers take the `out`
// index and the item under a mutex.
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

#define SLOTS 2
#define ITEMS 4

static int ring[SLOTS];
static int in, out;
static sem_t free_slots, filled;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
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
    pthread_mutex_lock(&out_lock);
    int i = out;
    int item = ring[i];
    out = (i + 1) % SLOTS;
    pthread_mutex_unlock(&out_lock);
    sem_post(&free_slots);
    pthread_mutex_lock(&out_lock);
    int before = consumed[item]++;
    pthread_mutex_unlock(&out_lock);
    assert(before == 0 && "item consumed twice");
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
