// Bug: double-checked locking that publishes the singleton before it is
//        initialized: `get_registry` tests the pointer without the lock and,
//        when it is set, uses the object; the creator stores the pointer
//        first and fills the object in afterwards (as `p = new T` may be
//        compiled: allocate, publish, construct).
// Depth: 2 (the creator's store of `instance` before the other thread's
//        unlocked test, and that thread's read of the fields before the
//        creator initializes them: one preemption of the creator between
//        publishing and initializing).
// Threads: 3 (main, two users of the registry).
// Manifests: the assertion in `lookup` fails ("registry used before it was
//        initialized") when a thread sees the pointer but not the contents.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAGIC 0x5eed

struct registry {
  int magic;
  int entries;
};

static struct registry *instance;
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;

static struct registry *get_registry(void) {
  if (!instance) { // first check, without the lock
    pthread_mutex_lock(&init_lock);
    if (!instance) { // second check, under the lock
      struct registry *r = calloc(1, sizeof *r);
      instance = r; // published too early
      r->entries = 16;
      r->magic = MAGIC;
    }
    pthread_mutex_unlock(&init_lock);
  }
  return instance;
}

static void *lookup(void *arg) {
  struct registry *r = get_registry();
  assert(r->magic == MAGIC && "registry used before it was initialized");
  printf("entries=%d\n", r->entries);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, lookup, 0);
  pthread_create(&b, 0, lookup, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  free(instance);
  return 0;
}
