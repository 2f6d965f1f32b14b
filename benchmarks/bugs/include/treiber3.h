// The shared body of treiber_aba3.c and fixed/treiber_aba3.c: a lock-free
// (Treiber) stack of three buffers, A -> B -> C, shared by three workers,
// each of which pops and pushes at most one buffer at a time:
//   worker 1 takes two buffers, one after the other, and gives both back;
//   worker 2 takes one buffer and gives it back;
//   worker 3 takes one buffer and keeps it.
// The ABA needs all three: worker 1 reads the top A and its successor B,
// worker 2 pops A, worker 3 pops B, worker 2 pushes A back, and worker 1's
// compare-and-swap finds A on top again and makes B, which worker 3 owns,
// the top. The twin defines TREIBER3_FIXED: the top carries a version that
// every successful pop and push increments.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#define NODES 3
#define NIL (-1)

// top = (version << 32) | (uint32_t)index; the bug file never changes the
// version, so its compare-and-swap compares the index only.
static _Atomic uint64_t top = 0;
static atomic_int next[NODES] = {1, 2, NIL}; // A -> B -> C
static atomic_int owner[NODES];              // 0: free, else a worker

static int index_of(uint64_t t) { return (int)(int32_t)(uint32_t)t; }
static uint64_t make_top(uint64_t old, int index) {
#ifdef TREIBER3_FIXED
  old += 1ull << 32;
#endif
  return (old >> 32) << 32 | (uint32_t)index;
}

static int pop(void) {
  for (;;) {
    uint64_t t = atomic_load(&top);
    int i = index_of(t);
    if (i == NIL)
      return NIL;
    int n = atomic_load(&next[i]);
    if (atomic_compare_exchange_strong(&top, &t, make_top(t, n)))
      return i;
  }
}

static void push(int node) {
  uint64_t t = atomic_load(&top);
  do
    atomic_store(&next[node], index_of(t));
  while (!atomic_compare_exchange_strong(&top, &t, make_top(t, node)));
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
  return arg;
}

static void *worker2(void *arg) {
  int x = take(2);
  if (x != NIL)
    give_back(x);
  return arg;
}

static void *worker3(void *arg) {
  (void)take(3); // kept as this worker's private buffer until exit
  return arg;
}

int main(void) {
  pthread_t w[3];
  pthread_create(&w[0], 0, worker1, 0);
  pthread_create(&w[1], 0, worker2, 0);
  pthread_create(&w[2], 0, worker3, 0);
  for (int i = 0; i < 3; ++i)
    pthread_join(w[i], 0);
  // Every buffer on the stack must be free: an ABA that no later pop
  // noticed left a kept buffer on it.
  int seen = 0;
  for (int i = index_of(atomic_load(&top)); i != NIL && seen <= NODES;
       i = atomic_load(&next[i]), ++seen)
    assert(atomic_load(&owner[i]) == 0 &&
           "a kept buffer is on the stack (ABA)");
  printf("top=%d\n", index_of(atomic_load(&top)));
  return 0;
}
