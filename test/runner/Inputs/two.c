// Two bugs with two signatures: each worker stores its flag, then asserts
// that the other one has not stored yet. When both stores come before both
// loads, whichever thread loads first fails, at its own assertion (and its
// own last scheduling point, which the signature names).
#include <assert.h>
#include <pthread.h>

int x, y;

static void *one(void *arg) {
  (void)arg;
  x = 1;
  int seen = y;
  assert(!seen && "two stored first");
  return 0;
}

static void *two(void *arg) {
  (void)arg;
  y = 1;
  int seen = x;
  assert(!seen && "one stored first");
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, one, 0);
  pthread_create(&b, 0, two, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
