// Bug: atomicity violation in a work-stealing deque (the THE protocol of
//        Cilk-5, Frigo/Leiserson/Randall PLDI'98; the PCT paper's case study
//        is such a queue). The owner pushes and pops at the tail, stealers
//        take from the head under a lock. The owner's `pop` was "optimized"
//        to test the head before it publishes the decremented tail, so a
//        stealer that runs between the test and the store takes the same
//        last item the owner then takes too.
// Depth: 2 (the owner's read of `head` before a stealer's increment of
//        `head`, and the stealer's read of `tail` before the owner's store:
//        one preemption of the owner inside `pop`).
// Threads: 2 + S (main, the owner, S stealers; S = argv[1], default 2,
//        2..64; the owner pushes ITEMS = argv[2] items, default 8, popping
//        one after every second push and the rest at the end).
// Manifests: the assertion in `claim` fails ("item taken twice") when an
//        item is both popped and stolen; main also checks that every item
//        was taken exactly once. Native runs on x86 are correct but for the
//        bug (the indices are sequentially consistent atomics).
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_ITEMS 4096
#define MAX_STEALERS 64
#define EMPTY (-1)

// The deque: items live in slots [head, tail).
static int slots[MAX_ITEMS];
static atomic_long head, tail;
static pthread_mutex_t steal_lock = PTHREAD_MUTEX_INITIALIZER;

static int items;
static atomic_int taken[MAX_ITEMS];
static atomic_int processed;

static void push(int x) {
  long t = atomic_load(&tail);
  slots[t] = x;
  atomic_store(&tail, t + 1);
}

// BUG: reads `head` before publishing the decremented tail; the THE
// protocol publishes first (see fixed/work_stealing.c).
static int pop(void) {
  long t = atomic_load(&tail) - 1;
  if (atomic_load(&head) > t) { // looks empty: resolve under the lock
    pthread_mutex_lock(&steal_lock);
    int x = EMPTY;
    if (atomic_load(&head) <= t) {
      atomic_store(&tail, t);
      x = slots[t];
    }
    pthread_mutex_unlock(&steal_lock);
    return x;
  }
  atomic_store(&tail, t); // a stealer may have taken slot t meanwhile
  return slots[t];
}

static int steal(void) {
  pthread_mutex_lock(&steal_lock);
  long h = atomic_load(&head);
  atomic_store(&head, h + 1);
  if (h + 1 > atomic_load(&tail)) { // empty (or the owner got there first)
    atomic_store(&head, h);
    pthread_mutex_unlock(&steal_lock);
    return EMPTY;
  }
  int x = slots[h];
  pthread_mutex_unlock(&steal_lock);
  return x;
}

static void claim(int x) {
  int before = atomic_fetch_add(&taken[x], 1);
  assert(before == 0 && "item taken twice: pop and steal raced");
  atomic_fetch_add(&processed, 1);
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
  return 0;
}

// A stealer gives up after `items` failed attempts (the owner drains what is
// left), so no stealer spins forever waiting for work.
static void *stealer(void *arg) {
  for (int failed = 0; failed < items && atomic_load(&processed) < items;) {
    int x = steal();
    if (x != EMPTY) {
      claim(x);
    } else {
      ++failed;
      sched_yield();
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  int stealers = argc > 1 ? atoi(argv[1]) : 2;
  items = argc > 2 ? atoi(argv[2]) : 8;
  if (stealers < 1 || stealers > MAX_STEALERS || items < 1 ||
      items > MAX_ITEMS) {
    fprintf(stderr, "usage: %s [stealers 1..%d] [items 1..%d]\n", argv[0],
            MAX_STEALERS, MAX_ITEMS);
    return 2;
  }
  pthread_t o, s[MAX_STEALERS];
  pthread_create(&o, 0, owner, 0);
  for (int i = 0; i < stealers; ++i)
    pthread_create(&s[i], 0, stealer, 0);
  pthread_join(o, 0);
  for (int i = 0; i < stealers; ++i)
    pthread_join(s[i], 0);
  for (int i = 0; i < items; ++i)
    assert(atomic_load(&taken[i]) == 1 && "item lost");
  printf("%d items, %d stealers\n", items, stealers);
  return 0;
}
