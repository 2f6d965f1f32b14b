// Bug: atomicity violation (lost update): request statistics are updated
//        without a lock; `account` reads the request count, time-stamps the
//        request and updates the byte count, then stores the request count it
//        computed from the now stale read.
// Depth: 2 (worker A's read of `requests` before worker B's store, and B's
//        store before A's: one preemption of A inside `account`).
// Threads: 3 (main, two workers, two requests each).
// Manifests: main's assertion fails ("lost update") when the final request
//        count is below the number of requests served.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#define WORKERS 2
#define REQUESTS 2

// Global (read by a monitoring tool in the real program), so the compiler
// cannot keep it in a register across the clock call.
struct stats {
  long requests;
  long bytes;
  long last_ns;
} stats;

// Not `stats.requests++` (schedsan finds that one too, see
// test/runtime/lost_update_global.c): -O1 would fold the two requests of a
// worker into one `+= 2`; the time stamp in between is what real code
// looks like.
static void account(long len) {
  long r = stats.requests;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  stats.last_ns = now.tv_nsec;
  stats.bytes += len;
  stats.requests = r + 1;
}

static void *worker(void *arg) {
  long len = (long)arg;
  for (int i = 0; i < REQUESTS; ++i)
    account(len + i);
  return 0;
}

int main(void) {
  pthread_t t[WORKERS];
  for (long i = 0; i < WORKERS; ++i)
    pthread_create(&t[i], 0, worker, (void *)(100 * (i + 1)));
  for (int i = 0; i < WORKERS; ++i)
    pthread_join(t[i], 0);
  printf("requests=%ld bytes=%ld\n", stats.requests, stats.bytes);
  assert(stats.requests == WORKERS * REQUESTS && "lost update of stats.requests");
  return 0;
}
