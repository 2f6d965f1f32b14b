// Runner benchmark: the smallest interesting program. Two threads (main and
// one worker) each increment a shared counter once; with schedsan that is a
// handful of scheduling points (create, the two updates, join, exit).
#include <pthread.h>

static int counter;

static void *worker(void *arg) {
  (void)arg;
  counter++;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  counter++;
  pthread_join(t, 0);
  return counter == 2 ? 0 : 1;
}
