// Two threads adding under a mutex.
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int total;

static void *worker(void *arg) {
  for (int i = 0; i < 100; ++i) {
    pthread_mutex_lock(&lock);
    total += *(int *)arg;
    pthread_mutex_unlock(&lock);
  }
  return NULL;
}

int main(void) {
  pthread_t a, b;
  int one = 1, two = 2;
  pthread_create(&a, NULL, worker, &one);
  pthread_create(&b, NULL, worker, &two);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("total=%d\n", total);
  return total == 300 ? 0 : 1;
}
