// Bug: atomicity violation with atomics: a high-water mark is updated with
//        an atomic load, a comparison and an atomic store; each access is
//        atomic, the update is not, and a smaller value can overwrite a
//        larger one.
// Depth: 2 (the small update's load before the large update's store, and
//        the large update's store before the small update's store: one
//        preemption of the small update between its load and its store).
// Threads: 3 (main, two threads recording queue depths 5 and 9).
// Manifests: main's assertion fails ("high-water mark lost the maximum")
//        when the final mark is 5.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int high_water;

static void record_depth(int depth) {
  if (depth > atomic_load(&high_water))
    atomic_store(&high_water, depth); // BUG: not a compare-and-swap loop
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
