// Fails its assertion in every run, right after its one thread ends.
#include <assert.h>
#include <pthread.h>
static int X;
static void *worker(void *Arg) {
  X = 1;
  return Arg;
}
int main(void) {
  pthread_t T;
  pthread_create(&T, 0, worker, 0);
  pthread_join(T, 0);
  assert(X == 0 && "the thread ran");
  return 0;
}
