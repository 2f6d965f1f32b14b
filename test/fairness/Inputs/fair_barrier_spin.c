// A barrier built from an atomic counter and a pure spin loop (no yield).
// Two threads run 50 rounds: each writes its slot, crosses the barrier,
// checks every slot, crosses it again. The barrier is sense-reversing: the
// last thread to arrive resets the count and flips the phase.
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

enum { THREADS = 2, ROUNDS = 50 };

static atomic_int arrived, phase;
static int slot[THREADS];

static void barrier(void) {
  int my = atomic_load(&phase);
  if (atomic_fetch_add(&arrived, 1) == THREADS - 1) {
    atomic_store(&arrived, 0);
    atomic_store(&phase, !my);
  } else {
    while (atomic_load(&phase) == my)
      ;
  }
}

static void *worker(void *arg) {
  int id = (int)(long)arg;
  for (int r = 1; r <= ROUNDS; r++) {
    slot[id] = r;
    barrier();
    for (int i = 0; i < THREADS; i++)
      assert(slot[i] == r);
    barrier();
  }
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  for (long i = 0; i < THREADS; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], 0);
  return 0;
}
