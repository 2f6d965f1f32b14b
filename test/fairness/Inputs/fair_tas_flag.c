// Test-and-set spin lock with atomic_flag_test_and_set.
// Three threads add to a plain counter 100 times each under the lock; no
// yield in the spin, and every failed attempt is a write (or a
// read-modify-write) of the lock word.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

enum { THREADS = 3, ROUNDS = 100 };

static atomic_flag held = ATOMIC_FLAG_INIT;
static long counter;

static void lock(void) {
  while (atomic_flag_test_and_set_explicit(&held, memory_order_acquire))
    ;
}

static void unlock(void) {
  atomic_flag_clear_explicit(&held, memory_order_release);
}

static void *worker(void *arg) {
  for (int i = 0; i < ROUNDS; i++) {
    lock();
    counter++;
    unlock();
  }
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], 0);
  assert(counter == THREADS * ROUNDS);
  return 0;
}
