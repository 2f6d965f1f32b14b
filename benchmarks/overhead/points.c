// Overhead micro-benchmark: the cost of one scheduling point. THREADS
// workers (argv[1], default 1) each read a shared array of ELEMS ints
// ROUNDS times (one scheduling point per load at -O2 without vectorization:
// the loop is built with -fno-vectorize -fno-unroll-loops).
// - 1 worker: only one thread is enabled while it runs (main waits in
//   pthread_join), so no point switches; (instrumented - native) / steps is
//   the cost of a point that switches nothing.
// - 2 workers: under pct with d = 1 the higher-priority worker runs to its
//   end (almost no switches); under random about half of the points switch.
//   The time difference divided by the difference in switches is the cost
//   of one forced switch (futex hand-over on one CPU).
#include <pthread.h>
#include <stdlib.h>

#include "bench.h"

#define ELEMS 4096
#define ROUNDS 64
#define MAX_THREADS 8

int shared[ELEMS]; // global, read by every worker
static unsigned long long sums[MAX_THREADS];

static void *work(void *arg) {
  long id = (long)arg;
  unsigned long long s = 0;
  for (int r = 0; r < ROUNDS; ++r)
    for (int i = 0; i < ELEMS; ++i)
      s += shared[i] + r;
  sums[id] = s;
  return 0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1;
  if (n < 1 || n > MAX_THREADS)
    n = 1;
  for (int i = 0; i < ELEMS; ++i)
    shared[i] = i;
  pthread_t t[MAX_THREADS];
  double start = bench_now_us();
  for (long i = 0; i < n; ++i)
    pthread_create(&t[i], 0, work, (void *)i);
  for (int i = 0; i < n; ++i)
    pthread_join(t[i], 0);
  unsigned long long check = 0;
  for (int i = 0; i < n; ++i)
    check += sums[i];
  bench_report("points", start, check);
  return 0;
}
