// benchmarks/sites/pipeline.c: a torn read at the end of a pipeline of N
// stages, each of which does many thread-private and read-only accesses
// besides.
//
// Bug: atomicity violation (stage 0 publishes its summary in two writes
//      after handing on the token; the last stage reads both halves)
// Depth: 2 (stage 0 preempted between its two writes while the token goes
//        through every other stage)
// Threads: N + 1 (argv[1], default 20 stages, and main)
// Manifests: assertion failure in the last stage
//
// The token goes from stage to stage under a mutex and a condition
// variable (synchronization: always decisions). Each stage works on its
// own block (private) of a table main filled before creating them
// (read-only) for WORK words (argv[2], default 40) before it waits for the
// token, and again after it passed it on. Stage 0 writes `summary` (both
// halves) only after handing the token on; the last stage reads it when
// the token arrives: a torn summary only if stage 0 is preempted between
// its two writes. With --decision-sites=shared only `summary`'s and
// `token`'s accesses and the synchronization decide.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { kMaxStages = 200, kMaxWork = 1000 };
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int token; // the stage that may go on
static int n = 20, work = 40;
static volatile struct {
  int lo, hi;
} summary;
static int table[kMaxWork];
static int blocks[kMaxStages][kMaxWork];
static int results[kMaxStages];

static int crunch(int id, int salt) {
  int sum = 0;
  for (int i = 0; i < work; i++) {
    blocks[id][i] = table[i] + id * salt;
    sum += blocks[id][i];
  }
  return sum;
}

static void *stage(void *arg) {
  const int id = (int)(long)arg;
  int r = crunch(id, 1);
  pthread_mutex_lock(&m);
  while (token != id)
    pthread_cond_wait(&cv, &m);
  token = id + 1;
  pthread_cond_broadcast(&cv);
  pthread_mutex_unlock(&m);
  if (id == 0) { // after the hand-over, in two writes
    summary.lo = r;
    summary.hi = r;
  }
  if (id == n - 1) {
    int lo = summary.lo, hi = summary.hi;
    assert(lo == hi && "the last stage saw half a summary");
  }
  results[id] = r + crunch(id, 2);
  return 0;
}

int main(int argc, char **argv) {
  n = argc > 1 ? atoi(argv[1]) : 20;
  work = argc > 2 ? atoi(argv[2]) : 40;
  if (n < 2 || n > kMaxStages || work < 1 || work > kMaxWork)
    return 2;
  for (int i = 0; i < work; i++)
    table[i] = i % 5;
  pthread_t t[kMaxStages];
  for (long i = 0; i < n; i++)
    pthread_create(&t[i], 0, stage, (void *)i);
  long all = 0;
  for (int i = 0; i < n; i++) {
    pthread_join(t[i], 0);
    all += results[i];
  }
  printf("%ld\n", all);
  return 0;
}
