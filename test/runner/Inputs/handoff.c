// No bug: main starts a thread that writes x and joins it.
#include <pthread.h>

int x;

static void *writer(void *arg) {
  (void)arg;
  x = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  pthread_join(t, 0);
  return x == 1 ? 0 : 1;
}
