// Runner benchmark: thread creation and exit. main starts eight workers,
// each increments a shared counter once and leaves; main joins them. With
// schedsan a run has nine thread exits (each a hand-over) among a few dozen
// scheduling points.
#include <pthread.h>

enum { kWorkers = 8 };
static int counter;

static void *worker(void *arg) {
  (void)arg;
  __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
  return 0;
}

int main(void) {
  pthread_t t[kWorkers];
  for (int i = 0; i < kWorkers; ++i)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < kWorkers; ++i)
    pthread_join(t[i], 0);
  return counter == kWorkers ? 0 : 1;
}
