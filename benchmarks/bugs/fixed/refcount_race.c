// Fixed twin of ../refcount_race.c: the count is updated with atomic
// read-modify-write operations.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define LIVE 0x11fe
#define DEAD 0xdead

struct object {
  atomic_int refs;
  int magic;
};

int trace_refs; // set from a debugger to log every count change
void ref_trace(struct object *o, const char *what, int refs) {
  if (trace_refs)
    fprintf(stderr, "%p %s -> %d\n", (void *)o, what, refs);
}

static void obj_get(struct object *o) {
  int r = atomic_fetch_add(&o->refs, 1);
  ref_trace(o, "get", r + 1);
}

static void obj_put(struct object *o) {
  int r = atomic_fetch_sub(&o->refs, 1) - 1;
  ref_trace(o, "put", r);
  if (r == 0)
    o->magic = DEAD; // "free": poisoned instead of freed
}

static void obj_use(struct object *o) {
  assert(o->magic == LIVE && "object used after it was freed");
}

static void *worker(void *arg) {
  struct object *o = arg; // a reference main took for us
  obj_get(o);             // for the completion callback
  obj_use(o);
  obj_put(o); // the callback ran
  obj_use(o);
  obj_put(o);
  return 0;
}

int main(void) {
  struct object *o = malloc(sizeof *o);
  atomic_init(&o->refs, 1);
  o->magic = LIVE;
  pthread_t t[2];
  for (int i = 0; i < 2; ++i) {
    obj_get(o);
    pthread_create(&t[i], 0, worker, o);
  }
  obj_put(o); // main is done with it
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  assert(o->magic == DEAD && "object leaked");
  free(o);
  return 0;
}
