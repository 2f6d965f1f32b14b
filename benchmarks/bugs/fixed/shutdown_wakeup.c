// Fixed twin of ../shutdown_wakeup.c: the stop flag is set under the queue
// mutex, so no worker can be between its test and its wait.
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
    if (head == tail) {
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
  pthread_mutex_lock(&qlock);
  stopping = 1;
  pthread_cond_broadcast(&work_ready);
  pthread_mutex_unlock(&qlock);
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
  assert(done_jobs == JOBS);
  printf("done=%d\n", done_jobs);
  return 0;
}
