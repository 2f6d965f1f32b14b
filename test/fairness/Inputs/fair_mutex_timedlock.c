// pthread_mutex_timedlock retried until it succeeds: three threads add to a
// counter 100 times each, each time retrying a timed lock with a deadline
// 1 ms ahead (CLOCK_REALTIME) while it returns ETIMEDOUT.
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>

enum { THREADS = 3, ROUNDS = 100 };

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void *worker(void *arg) {
  for (int i = 0; i < ROUNDS; i++) {
    for (;;) {
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      ts.tv_nsec += 1000000;
      if (ts.tv_nsec >= 1000000000) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000;
      }
      int rc = pthread_mutex_timedlock(&m, &ts);
      if (rc == 0)
        break;
      assert(rc == ETIMEDOUT);
    }
    counter++;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], 0);
  assert(counter == THREADS * ROUNDS);
  return 0;
}
