// A small threaded C program built with plain clang and pkg-config's flags:
// two threads add to a counter without a lock, so under some schedules an
// update is lost and the assertion fails.
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>

int count;

static void *worker(void *arg) {
  (void)arg;
  int c = count;
  sched_yield(); // a scheduling point between the load and the store
  count = c + 1;
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  assert(count == 2);
  printf("count=%d\n", count);
  return 0;
}
