// pthread_rwlock_trywrlock / pthread_rwlock_tryrdlock + sched_yield retry
// loops: two writers keep two counters equal, two readers check that they
// are; 100 rounds each.
#include <assert.h>
#include <pthread.h>
#include <sched.h>

enum { ROUNDS = 100 };

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static long a, b;

static void *writer(void *arg) {
  for (int i = 0; i < ROUNDS; i++) {
    while (pthread_rwlock_trywrlock(&rw) != 0)
      sched_yield();
    a++;
    b++;
    pthread_rwlock_unlock(&rw);
  }
  return 0;
}

static void *reader(void *arg) {
  for (int i = 0; i < ROUNDS; i++) {
    while (pthread_rwlock_tryrdlock(&rw) != 0)
      sched_yield();
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
