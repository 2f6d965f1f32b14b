// Runner benchmark: a program with 10,000 scheduling points. Two threads
// each perform 5,000 atomic increments of a shared counter (an atomic RMW is
// always a scheduling point); create, join and exit add a few more.
#include <pthread.h>
#include <stdatomic.h>

#define PER_THREAD 5000

static atomic_int counter;

static void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < PER_THREAD; i++)
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  worker(0);
  pthread_join(t, 0);
  return atomic_load(&counter) == 2 * PER_THREAD ? 0 : 1;
}
