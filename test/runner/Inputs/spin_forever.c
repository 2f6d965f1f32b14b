// Spins forever in code with no scheduling point (as it hangs natively),
// after its one thread ended.
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
  for (;;)
    __asm__ volatile("");
  return X;
}
