// Bug: lost wakeup: the waiter tests the `ready` flag without holding the
//        mutex and then waits; the notifier can set the flag and signal in
//        between, when nobody waits yet, and the signal is lost.
// Depth: 2 (the waiter's test of `ready` before the notifier's store, and the
//        notifier's signal before the waiter's wait: one preemption of the
//        waiter between its test and its wait).
// Threads: 3 (main, waiter, notifier).
// Manifests: deadlock: the waiter waits on a condition variable that is never
//        signaled again and main waits to join it; natively it hangs.
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;
static int payload;

static void *waiter(void *arg) {
  if (!ready) { // tested outside the mutex
    pthread_mutex_lock(&m);
    pthread_cond_wait(&c, &m); // waits even if `ready` was set meanwhile
    pthread_mutex_unlock(&m);
  }
  printf("payload=%d\n", payload);
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
