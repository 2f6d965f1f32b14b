// The shared body of fib_alternation.c and fixed/fib_alternation.c: two
// threads accumulate into each other's counter, ROUNDS times each:
//   one: i = i + j        two: j = j + i
// each update an atomic load of both counters, then an atomic store. Both
// counters start at 1; their largest values come only from a strict
// alternation (one, two, one, two, ...: i and j walk the Fibonacci
// numbers), where every update reads the other thread's latest store.
// The bug file's limit check assumes the counters stay below the
// (2 ROUNDS + 2)-th Fibonacci number; the twin defines FIB_FIXED and
// checks the true bound.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define ROUNDS 5
#define LIMIT 144 // F(2 * ROUNDS + 2): reached by j after ten alternations

// The number of rounds, for test scripts (benchmarks/bugs/scripts).
const int fib_rounds = ROUNDS;

static atomic_int i = 1, j = 1;

static void *one(void *arg) {
  for (int k = 0; k < ROUNDS; ++k) {
    int a = atomic_load(&i), b = atomic_load(&j);
    atomic_store(&i, a + b);
  }
  return arg;
}

static void *two(void *arg) {
  for (int k = 0; k < ROUNDS; ++k) {
    int a = atomic_load(&j), b = atomic_load(&i);
    atomic_store(&j, a + b);
  }
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, one, 0);
  pthread_create(&b, 0, two, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  int x = atomic_load(&i), y = atomic_load(&j);
#ifdef FIB_FIXED
  assert(x <= LIMIT && y <= LIMIT && "a counter beyond the true bound");
#else
  assert(x < LIMIT && y < LIMIT && "the counters reached the limit");
#endif
  printf("i=%d j=%d\n", x, y);
  return 0;
}
