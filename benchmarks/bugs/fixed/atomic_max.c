// Fixed twin of ../atomic_max.c: the mark is raised with a compare-and-swap
// loop that retries while the value it read is still smaller.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int high_water;

static void record_depth(int depth) {
  int seen = atomic_load(&high_water);
  while (depth > seen &&
         !atomic_compare_exchange_weak(&high_water, &seen, depth))
    ;
}

static void *producer(void *arg) {
  record_depth((int)(long)arg);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, producer, (void *)5L);
  pthread_create(&b, 0, producer, (void *)9L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("high water %d\n", atomic_load(&high_water));
  assert(atomic_load(&high_water) == 9 && "high-water mark lost the maximum");
  return 0;
}
