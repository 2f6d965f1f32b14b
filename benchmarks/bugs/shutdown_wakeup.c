// Bug: lost wakeup at shutdown: the pool's `shutdown` sets the stop flag and
//        broadcasts without holding the queue mutex; a worker that has just
//        tested the flag (still 0) under the mutex but not yet waited misses
//        the broadcast and sleeps forever.
// Depth: 2 (a worker's test of `stopping` before main's store, and main's
//        broadcast before that worker's wait: one preemption of the worker
//        between its test and its wait, after it ran the last job).
// Threads: 3 (main, two pool workers; main submits two jobs, then shuts the
//        pool down; the workers finish the queue first).
// Manifests: deadlock: a worker waits on `work_ready` forever and main waits
//        to join it; natively it hangs.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#define WORKERS 2
#define JOBS 2

static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work_ready = PTHREAD_COND_INITIALIZER;
static int queue[JOBS], head, tail;
static int stopping;
static int done_jobs;

static void *worker(void *arg) {
  for (;;) {
    pthread_mutex_lock(&qlock);
    while (head == tail && !stopping)
      pthread_cond_wait(&work_ready, &qlock);
    if (head == tail) { // stopping and nothing left
      pthread_mutex_unlock(&qlock);
      return 0;
    }
    int job = queue[head++];
    ++done_jobs;
    pthread_mutex_unlock(&qlock);
    (void)job; // ... run the job ...
  }
}

static void submit(int job) {
  pthread_mutex_lock(&qlock);
  queue[tail++] = job;
  pthread_cond_signal(&work_ready);
  pthread_mutex_unlock(&qlock);
}

static void shutdown_pool(void) {
  stopping = 1; // not under qlock: a worker between test and wait misses it
  pthread_cond_broadcast(&work_ready);
}

int main(void) {
  pthread_t t[WORKERS];
  for (int i = 0; i < WORKERS; ++i)
    pthread_create(&t[i], 0, worker, 0);
  for (int j = 0; j < JOBS; ++j)
    submit(j);
  shutdown_pool();
  for (int i = 0; i < WORKERS; ++i)
    pthread_join(t[i], 0);
  printf("done=%d\n", done_jobs);
  return 0;
}
