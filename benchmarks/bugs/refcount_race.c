// Bug: atomicity violation on a reference count: `obj_get` and `obj_put`
//        update the count with a plain read and a later write (with a trace
//        call in between, as refcount debugging code does), so a get and a
//        put of two threads can overlap and one of the two updates is lost.
//        Losing an increment frees the object while a thread still uses it;
//        losing a decrement leaks it.
// Depth: 2 (thread A's read of `refs` before thread B's store, and B's
//        store before A's: one preemption of A inside `obj_get` or
//        `obj_put`).
// Threads: 3 (main, which gives each worker a reference and drops its own,
//        and two workers that each take an extra reference for a callback,
//        use the object, drop the extra reference, use it again and drop
//        their own).
// Manifests: the assertion in `obj_use` fails ("object used after it was
//        freed"), or main's leak check ("object leaked") does. The object is
//        poisoned rather than returned to the allocator, so the failure does
//        not depend on malloc's reuse.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define LIVE 0x11fe
#define DEAD 0xdead

struct object {
  int refs;
  int magic;
};

int trace_refs; // set from a debugger to log every count change
void ref_trace(struct object *o, const char *what, int refs) {
  if (trace_refs)
    fprintf(stderr, "%p %s -> %d\n", (void *)o, what, refs);
}

static void obj_get(struct object *o) {
  int r = o->refs;
  ref_trace(o, "get", r + 1);
  o->refs = r + 1;
}

static void obj_put(struct object *o) {
  int r = o->refs - 1;
  ref_trace(o, "put", r);
  o->refs = r;
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
  o->refs = 1;
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
