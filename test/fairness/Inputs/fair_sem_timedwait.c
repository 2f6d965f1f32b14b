// sem_timedwait retried until it succeeds (deadline 1 ms ahead,
// CLOCK_REALTIME): a bounded buffer of two slots carries 100 values from a
// producer to a consumer; both sides wait on their semaphore this way.
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

enum { ROUNDS = 100, SLOTS = 2 };

static sem_t empty, full;
static int buf[SLOTS];

static void wait_retry(sem_t *s) {
  for (;;) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 1000000;
    if (ts.tv_nsec >= 1000000000) {
      ts.tv_sec++;
      ts.tv_nsec -= 1000000000;
    }
    if (sem_timedwait(s, &ts) == 0)
      return;
    assert(errno == ETIMEDOUT || errno == EINTR);
  }
}

static void *producer(void *arg) {
  for (int i = 1; i <= ROUNDS; i++) {
    wait_retry(&empty);
    buf[i % SLOTS] = i;
    sem_post(&full);
  }
  return 0;
}

static void *consumer(void *arg) {
  long sum = 0;
  for (int i = 1; i <= ROUNDS; i++) {
    wait_retry(&full);
    assert(buf[i % SLOTS] == i);
    sum += buf[i % SLOTS];
    sem_post(&empty);
  }
  assert(sum == ROUNDS * (ROUNDS + 1) / 2);
  return 0;
}

int main(void) {
  sem_init(&empty, 0, SLOTS);
  sem_init(&full, 0, 0);
  pthread_t p, c;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return 0;
}
