// pthread_rwlock_timedwrlock / pthread_rwlock_timedrdlock retried until
// they succeed (deadline 1 ms ahead, CLOCK_REALTIME): two writers keep two
// counters equal, two readers check that they are; 100 rounds each.
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>

enum { ROUNDS = 100 };

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static long a, b;

static struct timespec deadline(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  ts.tv_nsec += 1000000;
  if (ts.tv_nsec >= 1000000000) {
    ts.tv_sec++;
    ts.tv_nsec -= 1000000000;
  }
  return ts;
}

static void *writer(void *arg) {
  for (int i = 0; i < ROUNDS; i++) {
    for (;;) {
      struct timespec ts = deadline();
      int rc = pthread_rwlock_timedwrlock(&rw, &ts);
      if (rc == 0)
        break;
      assert(rc == ETIMEDOUT);
    }
    a++;
    b++;
    pthread_rwlock_unlock(&rw);
  }
  return 0;
}

static void *reader(void *arg) {
  for (int i = 0; i < ROUNDS; i++) {
    for (;;) {
      struct timespec ts = deadline();
      int rc = pthread_rwlock_timedrdlock(&rw, &ts);
      if (rc == 0)
        break;
      assert(rc == ETIMEDOUT);
    }
    assert(a == b);
    pthread_rwlock_unlock(&rw);
  }
  return 0;
}

int main(void) {
  pthread_t w1, w2, r1, r2;
  pthread_create(&w1, 0, writer, 0);
  pthread_create(&r1, 0, reader, 0);
  pthread_create(&w2, 0, writer, 0);
  pthread_create(&r2, 0, reader, 0);
  pthread_join(w1, 0);
  pthread_join(w2, 0);
  pthread_join(r1, 0);
  pthread_join(r2, 0);
  assert(a == 2 * ROUNDS && b == 2 * ROUNDS);
  return 0;
}
