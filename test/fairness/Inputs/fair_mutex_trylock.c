// pthread_mutex_trylock + sched_yield retry loop: three threads add to a
// counter 100 times each.
#include <assert.h>
#include <pthread.h>
#include <sched.h>

enum { THREADS = 3, ROUNDS = 100 };

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void *worker(void *arg) {
  for (int i = 0; i < ROUNDS; i++) {
    while (pthread_mutex_trylock(&m) != 0)
      sched_yield();
    counter++;
    pthread_mutex_unlock(&m);
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
