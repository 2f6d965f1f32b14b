// The shared body of order_chain_<N>.c and fixed/order_chain_<N>.c: a
// chain of N stages that a checker assumes is never complete when it looks.
// Each file defines ORDER_CHAIN_N (the number of setters) and includes this
// one; a twin also defines ORDER_CHAIN_FIXED.
//
// Setter i advances the shared stage from i to i + 1 only when it finds
// stage i done (otherwise it gives up: it came too early or too late). Main
// starts the checker first, then the setters in the reverse of the order in
// which they must act (setter N-1 first), so no chain of setters is helped
// by the creation order. The chain completes only when every setter i
// reads the stage after setter i-1 stored it, and the checker fails only
// when it reads the stage after setter N-1 stored N: N ordering constraints
// (bug depth N). The fixed twin lets the last setter complete the chain only
// after the checker has looked.
//
// Every shared access is a sequentially consistent atomic load or store, so
// the pass's compound-update option does not change the events.
#ifndef ORDER_CHAIN_N
#error "define ORDER_CHAIN_N (the number of setters) before including this file"
#endif

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define ORDER_CHAIN_THREADS (ORDER_CHAIN_N + 1)

// The number of setters, for test scripts (benchmarks/bugs/scripts).
const int order_chain_setters = ORDER_CHAIN_N;

static atomic_int stage;   // stages done so far, 0..N
static atomic_int checked; // the twin: the checker has looked

static void *setter(void *arg) {
  int i = (int)(long)arg;
  if (atomic_load(&stage) != i)
    return 0; // too early or too late: the chain breaks here
#ifdef ORDER_CHAIN_FIXED
  if (i == ORDER_CHAIN_N - 1 && !atomic_load(&checked))
    return 0; // the last stage waits for the checker's look
#endif
  atomic_store(&stage, i + 1);
  return 0;
}

static void *checker(void *arg) {
  int s = atomic_load(&stage);
  assert(s != ORDER_CHAIN_N && "the whole chain ran before the checker");
  atomic_store(&checked, 1);
  return arg;
}

int main(void) {
  static pthread_t t[ORDER_CHAIN_THREADS];
  pthread_create(&t[ORDER_CHAIN_N], 0, checker, 0);
  for (int i = ORDER_CHAIN_N - 1; i >= 0; --i)
    pthread_create(&t[i], 0, setter, (void *)(long)i);
  for (int i = 0; i < ORDER_CHAIN_THREADS; ++i)
    pthread_join(t[i], 0);
  printf("stage=%d of %d\n", atomic_load(&stage), ORDER_CHAIN_N);
  return 0;
}
