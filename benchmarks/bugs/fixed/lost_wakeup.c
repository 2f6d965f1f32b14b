// Fixed twin of ../lost_wakeup.c: the waiter tests `ready` under the mutex,
// in a loop, so a signal sent before it waits is never needed.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;
static int payload;

static void *waiter(void *arg) {
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  int p = payload;
  pthread_mutex_unlock(&m);
  assert(p == 42);
  printf("payload=%d\n", p);
  return 0;
}

static void *notifier(void *arg) {
  pthread_mutex_lock(&m);
  payload = 42;
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t w, n;
  pthread_create(&w, 0, waiter, 0);
  pthread_create(&n, 0, notifier, 0);
  pthread_join(w, 0);
  pthread_join(n, 0);
  return 0;
}
