// Bug: ABA in a lock-free (Treiber) stack of free buffers, a bug of
//        sequentially consistent interleavings (every access is a seq_cst
//        atomic): `pop` reads the top node A and its successor B, and its
//        compare-and-swap succeeds as long as the top is A again, even if
//        meanwhile A and B were popped and A pushed back; the top then
//        becomes B, a node another thread still owns.
// Depth: 2 (thread 1's reads of top and next before thread 2's pops, and
//        thread 2's push of A before thread 1's compare-and-swap: one
//        preemption of thread 1 inside `pop`).
// Threads: 3 (main, two workers; 3 buffers: worker 1 takes two buffers,
//        worker 2 takes two, returns the first and keeps the second).
// Manifests: the assertion in `take` fails ("buffer handed out twice (ABA)")
//        when a pop returns a buffer that is still owned.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define NODES 3
#define NIL (-1)

static atomic_int top = 0;                 // index of the top node, or NIL
static atomic_int next[NODES] = {1, 2, NIL}; // the stack: 0 -> 1 -> 2
static atomic_int owner[NODES];            // 0: on the stack, else a worker

static int pop(void) {
  for (;;) {
    int t = atomic_load(&top);
    if (t == NIL)
      return NIL;
    int n = atomic_load(&next[t]);
    if (atomic_compare_exchange_strong(&top, &t, n)) // ABA: top may be t again
      return t;
  }
}

static void push(int node) {
  int t = atomic_load(&top);
  do
    atomic_store(&next[node], t);
  while (!atomic_compare_exchange_strong(&top, &t, node));
}

static int take(int me) {
  int node = pop();
  if (node != NIL) {
    int was = atomic_exchange(&owner[node], me);
    assert(was == 0 && "buffer handed out twice (ABA)");
  }
  return node;
}

static void give_back(int node) {
  atomic_store(&owner[node], 0);
  push(node);
}

static void *worker1(void *arg) {
  int a = take(1);
  int b = take(1);
  if (b != NIL)
    give_back(b);
  if (a != NIL)
    give_back(a);
  return 0;
}

static void *worker2(void *arg) {
  int spare = take(2);
  int cur = take(2);
  if (spare != NIL)
    give_back(spare);
  (void)cur; // kept as this worker's private buffer until exit
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker1, 0);
  pthread_create(&b, 0, worker2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("top=%d\n", atomic_load(&top));
  return 0;
}
