// Polling a flag by locking and unlocking the mutex that protects it: the
// setter adds to a counter 100 times under the mutex, then sets the flag
// under it; two pollers lock, read the flag, unlock, until it is set.
#include <assert.h>
#include <pthread.h>

enum { ROUNDS = 100 };

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int flag;
static long counter;

static void *setter(void *arg) {
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
  }
  pthread_mutex_lock(&m);
  flag = 1;
  pthread_mutex_unlock(&m);
  return 0;
}

static void *poller(void *arg) {
  for (;;) {
    pthread_mutex_lock(&m);
    int f = flag;
    long c = counter;
    pthread_mutex_unlock(&m);
    if (f) {
      assert(c == ROUNDS);
      return 0;
    }
  }
}

int main(void) {
  pthread_t s, p1, p2;
  pthread_create(&p1, 0, poller, 0);
  pthread_create(&p2, 0, poller, 0);
  pthread_create(&s, 0, setter, 0);
  pthread_join(s, 0);
  pthread_join(p1, 0);
  pthread_join(p2, 0);
  return 0;
}
