// Retry with a sleep: one waiter polls `while (!flag) usleep(1000);`, another
// polls with nanosleep(1 ms); the setter adds to a counter 100 times under a
// mutex, then sets the flag.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

enum { ROUNDS = 100 };

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static atomic_int flag;
static long counter;

static void *setter(void *arg) {
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&m);
    counter++;
    pthread_mutex_unlock(&m);
  }
  atomic_store(&flag, 1);
  return 0;
}

static void check(void) {
  pthread_mutex_lock(&m);
  assert(counter == ROUNDS);
  pthread_mutex_unlock(&m);
}

static void *usleeper(void *arg) {
  while (!atomic_load(&flag))
    usleep(1000);
  check();
  return 0;
}

static void *nanosleeper(void *arg) {
  while (!atomic_load(&flag)) {
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, 0);
  }
  check();
  return 0;
}

int main(void) {
  pthread_t s, u, n;
  pthread_create(&u, 0, usleeper, 0);
  pthread_create(&n, 0, nanosleeper, 0);
  pthread_create(&s, 0, setter, 0);
  pthread_join(s, 0);
  pthread_join(u, 0);
  pthread_join(n, 0);
  return 0;
}
