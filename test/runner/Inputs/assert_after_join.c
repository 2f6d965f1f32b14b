// Fails its assertion in every run, right after its one thread ends; with
// -DSPIN it spins there forever instead, in code with no scheduling point
// (as it hangs natively); with -DPOLL it polls X forever, a livelock.
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
#ifdef SPIN
  for (;;)
    __asm__ volatile("");
#endif
#ifdef POLL
  while (*(volatile int *)&X)
    ;
#endif
  assert(X == 0 && "the thread ran");
  return 0;
}
