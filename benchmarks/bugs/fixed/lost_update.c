// Fixed twin of ../lost_update.c: the statistics are updated under a lock.
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
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

static void account(long len) {
  pthread_mutex_lock(&stats_lock);
  long r = stats.requests;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  stats.last_ns = now.tv_nsec;
  stats.bytes += len;
  stats.requests = r + 1;
  pthread_mutex_unlock(&stats_lock);
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
