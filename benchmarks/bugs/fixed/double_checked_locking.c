// Fixed twin of ../double_checked_locking.c: the object is initialized
// before the pointer is published (with a release store, read with an
// acquire load, so it is correct natively as well).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define MAGIC 0x5eed

struct registry {
  int magic;
  int entries;
};

static struct registry *_Atomic instance;
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;

static struct registry *get_registry(void) {
  struct registry *r = atomic_load_explicit(&instance, memory_order_acquire);
  if (!r) {
    pthread_mutex_lock(&init_lock);
    r = atomic_load_explicit(&instance, memory_order_relaxed);
    if (!r) {
      r = calloc(1, sizeof *r);
      r->entries = 16;
      r->magic = MAGIC;
      atomic_store_explicit(&instance, r, memory_order_release);
    }
    pthread_mutex_unlock(&init_lock);
  }
  return r;
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
