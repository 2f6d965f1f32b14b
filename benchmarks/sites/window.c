// benchmarks/sites/window.c: an atomicity violation among N threads, each
// of which does many thread-private and read-only accesses besides.
//
// Bug: atomicity violation (check, then use, of a shared pointer)
// Depth: 2 (worker 0 preempted between its check and its use; worker 1
//        clears the pointer in between)
// Threads: N + 1 (argv[1], default 20 workers, and main)
// Manifests: assertion failure in worker 0
//
// Every worker first scores its own block of a table that main filled
// before creating them (read-only, ordered by the creation) into its own
// array (private), WORK words each (argv[2], default 40). Worker 0 then
// checks `current` and reads it again to use it; worker 1 retires it. Only
// these three accesses touch memory that two threads share unordered, so
// with --decision-sites=shared they and the thread events are the only
// decisions: PCT's one change point has a few dozen places to fall in,
// not thousands.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { kMaxWorkers = 200, kMaxWork = 1000 };
struct item {
  int value;
};
static struct item the_item = {42};
static struct item *volatile current = &the_item;
static int table[kMaxWork];
static int scores[kMaxWorkers][kMaxWork];
static int totals[kMaxWorkers];
static int work = 40;

static void *worker(void *arg) {
  const int id = (int)(long)arg;
  int sum = 0;
  for (int i = 0; i < work; i++) {
    scores[id][i] = table[i] * (id + 1);
    sum += scores[id][i];
  }
  totals[id] = sum;
  if (id == 0 && current) {
    struct item *it = current; // the racy re-read
    assert(it && "item retired between its check and its use");
    totals[id] += it->value;
  }
  if (id == 1)
    current = NULL; // retire it
  return 0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  work = argc > 2 ? atoi(argv[2]) : 40;
  if (n < 2 || n > kMaxWorkers || work < 1 || work > kMaxWork)
    return 2;
  for (int i = 0; i < work; i++)
    table[i] = i % 7;
  pthread_t t[kMaxWorkers];
  for (long i = 0; i < n; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  long all = 0;
  for (int i = 0; i < n; i++) {
    pthread_join(t[i], 0);
    all += totals[i];
  }
  printf("%ld\n", all);
  return 0;
}
