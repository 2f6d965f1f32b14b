// A thread goes on in the C library after its last event: the destructor
// rounds left after the runtime's, then freeing its malloc cache. The next
// thread runs only once that tail is over, so what the tail does is never
// raced by the schedule (a run replays the same way each time). Here the
// worker's tail is long: a destructor of the last round sleeps for real,
// then marks the tail done. main's sleep ends on the virtual clock, so only
// once the worker has left; main must then see the tail done.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SEEDS_OPTIONS=strategy=random %seeds 3 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=2 %seeds 3 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 3 %t | FileCheck %s
// CHECK: 3 seeds passed
//
// A use after free that the tail may see: the owner frees the buffer into
// its thread's malloc cache, leaves, and the user then writes into the
// buffer, corrupting the cache's list (the owner's tail sleeps first, as
// above). The owner's tail runs before the write, so the run passes, each
// time.
// RUN: env SEEDS_OPTIONS=strategy=random %seeds 20 %t free_then_write | FileCheck --check-prefix=UAF %s
// UAF: 20 seeds passed
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_key_t key;
static int tail_done;

// Round 1 asks for another round; round 2 comes after the runtime's exit
// event, outside the schedule.
static void destructor(void *arg) {
  static __thread int round;
  if (++round < 2) {
    pthread_setspecific(key, arg);
    return;
  }
  usleep(100 * 1000);
  __atomic_store_n(&tail_done, 1, __ATOMIC_RELEASE);
}

static void *worker(void *arg) {
  pthread_setspecific(key, (void *)1);
  return 0;
}

static char *buf;

static void *owner(void *arg) {
  pthread_setspecific(key, (void *)1);
  char *b = malloc(64);
  __atomic_store_n(&buf, b, __ATOMIC_RELEASE);
  free(b); // into this thread's malloc cache
  return 0;
}

int main(int argc, char **argv) {
  pthread_t t;
  pthread_key_create(&key, destructor);
  if (argc > 1 && !strcmp(argv[1], "free_then_write")) {
    pthread_create(&t, 0, owner, 0);
    usleep(1000); // on the virtual clock: until the owner has left
    char *b = __atomic_load_n(&buf, __ATOMIC_ACQUIRE);
    memset(b, 0x5a, 16); // the bug: a write after free
    pthread_join(t, 0);
    return 0;
  }
  pthread_create(&t, 0, worker, 0);
  usleep(1000);
  int done = __atomic_load_n(&tail_done, __ATOMIC_ACQUIRE);
  pthread_join(t, 0);
  if (!done) {
    printf("main ran before the worker's tail was over\n");
    return 1;
  }
  return 0;
}
