// Main creates T1 and T2 and joins them; T1 writes its own global A times,
// T2 its own B times (-DA=.. -DB=..). Nothing races: search.test counts the
// schedules of its events (interleavings.py models them).
#include <pthread.h>
#include <stdlib.h>
#ifndef A
#define A 1
#endif
#ifndef B
#define B 1
#endif
volatile int X, Y;
static void *ta(void *p) {
  for (int i = 0; i < A; ++i)
    X = i;
  return p;
}
static void *tb(void *p) {
  for (int i = 0; i < B; ++i)
    Y = i;
  return p;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, ta, 0);
  pthread_create(&b, 0, tb, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
