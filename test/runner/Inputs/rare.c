// A seeded order violation: main asserts that the worker has not finished
// its three stores yet. Under random walk, after pthread_create main's one
// pending read races with the worker's thread start and three stores, and
// the assertion fails only if the worker wins all four coin flips: with
// probability exactly 1/16 per run.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

int a, b, done;

static void *worker(void *arg) {
  (void)arg;
  a = 1;
  b = 2;
  done = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int seen = done;
  assert(!seen && "worker finished before main looked");
  pthread_join(t, 0);
  printf("a=%d b=%d\n", a, b);
  return 0;
}
