// The shared body of cas_work_stealing.c and fixed/cas_work_stealing.c: a
// lock-free work-stealing deque (the Chase-Lev deque, SPAA 2005, with a
// bounded array and sequentially consistent atomics). The owner pushes and
// pops at the tail; thieves steal at the head with a compare-and-swap retry
// loop; the owner claims the last item with a compare-and-swap on the head
// too, since a thief may be taking it. The bug file leaves that claim out;
// the twin defines CAS_DEQUE_FIXED.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_ITEMS 64
#define MAX_THIEVES 16
#define EMPTY (-1)

// The deque: items live in slots [head, tail); the array never wraps.
static atomic_int slots[MAX_ITEMS];
static atomic_long head, tail;

static int items;
static atomic_int taken[MAX_ITEMS];

static void push(int x) {
  long t = atomic_load(&tail);
  atomic_store(&slots[t], x);
  atomic_store(&tail, t + 1);
}

static int pop(void) {
  long t = atomic_load(&tail) - 1;
  atomic_store(&tail, t); // publish first: a thief now sees the smaller tail
  long h = atomic_load(&head);
  if (h > t) { // empty
    atomic_store(&tail, t + 1);
    return EMPTY;
  }
  int x = atomic_load(&slots[t]);
  if (h < t)
    return x; // more than one item: no thief can reach slot t
#ifdef CAS_DEQUE_FIXED
  // The last item: a thief that read the old tail may be taking it too;
  // whoever moves the head past it owns it.
  if (!atomic_compare_exchange_strong(&head, &h, h + 1))
    x = EMPTY;
#else
  // BUG: takes the last item without claiming the head. A thief that read
  // the old tail before the store above has seen slot t as stealable, and
  // its compare-and-swap on the unchanged head succeeds as well.
  atomic_store(&head, h + 1);
#endif
  atomic_store(&tail, t + 1); // the deque is empty: head == tail
  return x;
}

// A thief retries while its compare-and-swap loses to another thief or to
// the owner (someone else made progress), and gives up when it finds the
// deque empty.
static int steal(void) {
  for (;;) {
    long h = atomic_load(&head);
    long t = atomic_load(&tail);
    if (h >= t)
      return EMPTY;
    int x = atomic_load(&slots[h]);
    if (atomic_compare_exchange_strong(&head, &h, h + 1))
      return x;
  }
}

static void claim(int x) {
  int before = atomic_exchange(&taken[x], 1);
  assert(before == 0 && "item taken twice: pop and steal raced");
}

static void *owner(void *arg) {
  for (int i = 0; i < items; ++i) {
    push(i);
    if (i % 2 == 1) {
      int x = pop();
      if (x != EMPTY)
        claim(x);
    }
  }
  for (int x; (x = pop()) != EMPTY;)
    claim(x);
  return arg;
}

// Each thief makes two steal attempts (as in the PCT paper's case study).
static void *thief(void *arg) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    int x = steal();
    if (x != EMPTY)
      claim(x);
  }
  return arg;
}

int main(int argc, char **argv) {
  int thieves = argc > 1 ? atoi(argv[1]) : 2;
  items = argc > 2 ? atoi(argv[2]) : 4;
  if (thieves < 1 || thieves > MAX_THIEVES || items < 1 || items > MAX_ITEMS) {
    fprintf(stderr, "usage: %s [thieves 1..%d] [items 1..%d]\n", argv[0],
            MAX_THIEVES, MAX_ITEMS);
    return 2;
  }
  pthread_t o, s[MAX_THIEVES];
  pthread_create(&o, 0, owner, 0);
  for (int i = 0; i < thieves; ++i)
    pthread_create(&s[i], 0, thief, 0);
  pthread_join(o, 0);
  for (int i = 0; i < thieves; ++i)
    pthread_join(s[i], 0);
  for (int i = 0; i < items; ++i)
    assert(atomic_load(&taken[i]) == 1 && "item lost");
  printf("%d items, %d thieves\n", items, thieves);
  return 0;
}
