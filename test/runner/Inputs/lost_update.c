// Two threads increment a counter without a lock: an update can be lost.
#include <assert.h>
#include <pthread.h>
volatile int Counter;
static void *inc(void *p) {
  int V = Counter;
  Counter = V + 1;
  return p;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, inc, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(Counter == 2);
  return 0;
}
