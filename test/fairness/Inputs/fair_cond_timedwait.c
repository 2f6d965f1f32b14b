// Timed condition waits that time out and are retried: a producer hands 50
// values to a consumer through a one-slot mailbox; both sides wait with
// pthread_cond_timedwait and a deadline 1 ms after CLOCK_REALTIME's now,
// re-armed while the slot is not what they wait for; a watcher waits
// (timed, retried) while !done. Correct: every wait re-checks its
// predicate under the mutex.
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>

enum { ROUNDS = 50 };

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int slot, done, sum;

static void timed_wait(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  ts.tv_nsec += 1000000;
  if (ts.tv_nsec >= 1000000000) {
    ts.tv_sec++;
    ts.tv_nsec -= 1000000000;
  }
  int rc = pthread_cond_timedwait(&c, &m, &ts);
  assert(rc == 0 || rc == ETIMEDOUT);
}

static void *producer(void *arg) {
  for (int i = 1; i <= ROUNDS; i++) {
    pthread_mutex_lock(&m);
    while (slot != 0)
      timed_wait();
    slot = i;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
  }
  return 0;
}

static void *consumer(void *arg) {
  for (int i = 1; i <= ROUNDS; i++) {
    pthread_mutex_lock(&m);
    while (slot == 0)
      timed_wait();
    assert(slot == i);
    sum += slot;
    slot = 0;
    if (i == ROUNDS)
      done = 1;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
  }
  return 0;
}

static void *watcher(void *arg) {
  pthread_mutex_lock(&m);
  while (!done)
    timed_wait();
  assert(sum == ROUNDS * (ROUNDS + 1) / 2);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t p, c1, w;
  pthread_create(&w, 0, watcher, 0);
  pthread_create(&c1, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(c1, 0);
  pthread_join(w, 0);
  assert(done && sum == ROUNDS * (ROUNDS + 1) / 2);
  return 0;
}
