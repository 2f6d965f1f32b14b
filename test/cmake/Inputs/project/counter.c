// Static C library of the example project: a counter under a mutex.
#include "counter.h"
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int total;

void counter_add(int n) {
  pthread_mutex_lock(&lock);
  total += n;
  pthread_mutex_unlock(&lock);
}

int counter_get(void) {
  pthread_mutex_lock(&lock);
  int t = total;
  pthread_mutex_unlock(&lock);
  return t;
}
