// Fixed twin of ../treiber_aba.c: the top of the stack carries a version
// counter that every successful pop and push increments, so a
// compare-and-swap against a top that was popped and pushed back fails.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#define NODES 3
#define NIL (-1)

// top = (version << 32) | (uint32_t)index
static _Atomic uint64_t top = 0;
static atomic_int next[NODES] = {1, 2, NIL};
static atomic_int owner[NODES];

static int index_of(uint64_t t) { return (int)(int32_t)(uint32_t)t; }
static uint64_t make_top(uint64_t old, int index) {
  return ((old >> 32) + 1) << 32 | (uint32_t)index;
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
  return 0;
}

static void *worker2(void *arg) {
  int spare = take(2);
  int cur = take(2);
  if (spare != NIL)
    give_back(spare);
  (void)cur;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker1, 0);
  pthread_create(&b, 0, worker2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("top=%d\n", index_of(atomic_load(&top)));
  return 0;
}
