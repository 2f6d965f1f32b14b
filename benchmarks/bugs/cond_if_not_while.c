// Bug: `if` instead of `while` around a condition wait: a consumer that was
//        woken by the producer's signal must reacquire the mutex; another
//        consumer that arrives in between takes the item first, and the
//        woken consumer then takes from an empty buffer.
// Depth: 2 (consumer A waits before the producer's signal; consumer B must
//        take the mutex after the signal and before A reacquires it: the
//        producer and B run between A's wakeup and A's return from the wait).
// Threads: 4 (main, producer, two consumers; the producer makes one item per
//        consumer).
// Manifests: the assertion in `take` fails ("took an item from an empty
//        buffer"); otherwise both consumers print their item.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#define CAPACITY 4

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static int buf[CAPACITY];
static int count;

static void put(int item) {
  pthread_mutex_lock(&m);
  buf[count++] = item;
  pthread_cond_signal(&not_empty);
  pthread_mutex_unlock(&m);
}

static int take(void) {
  pthread_mutex_lock(&m);
  if (count == 0) // must be `while`: the item may be gone when we wake up
    pthread_cond_wait(&not_empty, &m);
  assert(count > 0 && "took an item from an empty buffer");
  int item = buf[--count];
  pthread_mutex_unlock(&m);
  return item;
}

static void *producer(void *arg) {
  put(1);
  put(2);
  return 0;
}

static void *consumer(void *arg) {
  int item = take();
  printf("%s got %d\n", (const char *)arg, item);
  return 0;
}

int main(void) {
  pthread_t p, a, b;
  pthread_create(&a, 0, consumer, "A");
  pthread_create(&p, 0, producer, 0);
  pthread_create(&b, 0, consumer, "B");
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(p, 0);
  return 0;
}
