// `while (!stop) { ticks++; sched_yield(); }` against a thread that waits
// (yielding) until ticks >= 100, then sets stop. The ticking loop writes on
// every iteration.
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

enum { N = 100 };

static atomic_int stop;
static atomic_long ticks;

static void *ticker(void *arg) {
  while (!atomic_load(&stop)) {
    atomic_fetch_add(&ticks, 1);
    sched_yield();
  }
  return 0;
}

static void *stopper(void *arg) {
  while (atomic_load(&ticks) < N)
    sched_yield();
  atomic_store(&stop, 1);
  return 0;
}

int main(void) {
  pthread_t t, s;
  pthread_create(&t, 0, ticker, 0);
  pthread_create(&s, 0, stopper, 0);
  pthread_join(s, 0);
  pthread_join(t, 0);
  assert(atomic_load(&stop) && atomic_load(&ticks) >= N);
  return 0;
}
