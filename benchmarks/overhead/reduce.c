// Overhead benchmark, little sharing: a parallel reduction. Each of THREADS
// workers fills its own heap array and reduces it (sum, min, max) in PASSES
// passes; only the final combine, under a mutex, touches shared data. Every
// element access is still a scheduling point: the pass cannot prove that an
// array reached through a pointer that escaped (malloc, then stored) is
// touched by one thread only. Built with -DPRIVATE_IGNORED the two kernels
// are not instrumented, which measures what a filter for memory that only
// one thread touches would save.
#include <pthread.h>
#include <stdlib.h>

#include "bench.h"

#define THREADS 4
#define ELEMS 32768
#define PASSES 4

struct worker {
  unsigned *data;
  unsigned long long sum;
  unsigned min, max;
  unsigned seed;
};

static pthread_mutex_t combine_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long total;
static unsigned global_min = ~0u, global_max;

PRIVATE_KERNEL static void fill(struct worker *w) {
  unsigned x = w->seed;
  for (int i = 0; i < ELEMS; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    w->data[i] = x % 1000003;
  }
}

// A few rounds of integer mixing per element: the "real work".
static inline unsigned mix(unsigned v) {
  v ^= v >> 16;
  v *= 0x7feb352du;
  v ^= v >> 15;
  v *= 0x846ca68bu;
  v ^= v >> 16;
  return v;
}

PRIVATE_KERNEL static void reduce(struct worker *w) {
  for (int p = 0; p < PASSES; ++p) {
    unsigned long long s = 0;
    unsigned lo = ~0u, hi = 0;
    for (int i = 0; i < ELEMS; ++i) {
      unsigned v = mix(w->data[i] + (unsigned)p) % 1000003;
      s += v;
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
    }
    w->sum += s;
    w->min = lo;
    w->max = hi;
  }
}

static void *work(void *arg) {
  struct worker *w = arg;
  w->data = malloc(ELEMS * sizeof *w->data);
  fill(w);
  reduce(w);
  free(w->data);
  pthread_mutex_lock(&combine_lock);
  total += w->sum;
  if (w->min < global_min)
    global_min = w->min;
  if (w->max > global_max)
    global_max = w->max;
  pthread_mutex_unlock(&combine_lock);
  return 0;
}

int main(void) {
  struct worker w[THREADS] = {{0}};
  pthread_t t[THREADS];
  double start = bench_now_us();
  for (int i = 0; i < THREADS; ++i) {
    w[i].seed = 2463534242u + 977 * i;
    pthread_create(&t[i], 0, work, &w[i]);
  }
  for (int i = 0; i < THREADS; ++i)
    pthread_join(t[i], 0);
  bench_report("reduce", start, total ^ global_min ^ (unsigned long long)global_max << 32);
  return 0;
}
