// Fails when main reads `flag` after the worker has set it. Under random
// walk (a uniform choice among the enabled threads at every scheduling
// point), after pthread_create main's pending read races with the worker's
// pending thread start, then with its store: the worker must win both coin
// flips, so a run fails with probability exactly 1/4.
#include <pthread.h>
#include <stdlib.h>

int flag;

static void *worker(void *arg) {
  (void)arg;
  flag = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int seen = flag;
  pthread_join(t, 0);
  if (seen)
    abort();
  return 0;
}
