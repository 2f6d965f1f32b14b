// A busy loop with no yield at all, `while (!atomic_load(&stop))
// atomic_fetch_add(&ticks, 1);`, against a setter that waits (pure spin on
// a load) until ticks >= 100 and then sets stop.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

enum { N = 100 };

static atomic_int stop;
static atomic_long ticks;

static void *ticker(void *arg) {
  while (!atomic_load(&stop))
    atomic_fetch_add(&ticks, 1);
  return 0;
}

static void *setter(void *arg) {
  while (atomic_load(&ticks) < N)
    ;
  atomic_store(&stop, 1);
  return 0;
}

int main(void) {
  pthread_t t, s;
  pthread_create(&t, 0, ticker, 0);
  pthread_create(&s, 0, setter, 0);
  pthread_join(s, 0);
  pthread_join(t, 0);
  assert(atomic_load(&ticks) >= N);
  return 0;
}
