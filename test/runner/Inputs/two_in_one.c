// Two bugs in one function: each worker stores its flag, then asserts
// that the other's is set. Whichever worker loads first fails (unless both
// stored first), at its own assertion: two signatures, both in worker.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int in[2];

static void *worker(void *arg) {
  int self = (int)(long)arg;
  atomic_store(&in[self], 1);
  int other = atomic_load(&in[1 - self]);
  if (self == 0)
    assert(other && "worker 0 found worker 1 missing");
  else
    assert(other && "worker 1 found worker 0 missing");
  return 0;
}

int main(void) {
  pthread_t t0, t1;
  pthread_create(&t0, 0, worker, (void *)0L);
  pthread_create(&t1, 0, worker, (void *)1L);
  pthread_join(t0, 0);
  pthread_join(t1, 0);
  return 0;
}
