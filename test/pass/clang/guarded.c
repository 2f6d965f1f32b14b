// Accesses of GUARDED_BY data that Clang's thread-safety analysis proves
// made under their lock get no scheduling point (the plugin proves,
// the pass drops the points). In C a guard must be a global lock object:
// C resolves a field name in guarded_by(mu) to no object. No -g needed.
// RUN: %clang -fplugin=%shlibdir/SchedSanAttrs.so -fpass-plugin=%plugin -O0 -S -emit-llvm -o - %s | FileCheck %s
// RUN: %clang -fplugin=%shlibdir/SchedSanAttrs.so -fpass-plugin=%plugin -O2 -S -emit-llvm -o - %s | FileCheck --check-prefix=O2 %s
// RUN: %clang -fplugin=%shlibdir/SchedSanAttrs.so -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -schedsan-guarded-accesses=false -O0 -S -emit-llvm -o - %s | FileCheck --check-prefix=OFF %s
// RUN: %clang -fplugin=%shlibdir/SchedSanAttrs.so -fpass-plugin=%plugin -O0 -mllvm -stats -c -o /dev/null %s 2>&1 | FileCheck --check-prefix=STATS %s
#include <pthread.h>

typedef pthread_mutex_t __attribute__((capability("mutex"))) mutex_t;
void lock(mutex_t *m) __attribute__((acquire_capability(*m)));
void unlock(mutex_t *m) __attribute__((release_capability(*m)));
void assert_held(mutex_t *m) __attribute__((assert_capability(*m)));

mutex_t mu;
int counter __attribute__((guarded_by(mu)));
int *buffer __attribute__((pt_guarded_by(mu)));
struct node {
  int key __attribute__((guarded_by(mu)));
  unsigned flag : 1 __attribute__((guarded_by(mu))); // a bit-field
  int plain;
  struct node *next;
};

// Everything guarded is accessed under mu: no point for those accesses;
// the unguarded field and the pointer variable `buffer` keep theirs.
void proved(struct node *n) {
  lock(&mu);
  counter++;
  buffer[2] = counter;
  for (; n; n = n->next) // the node pointer may change: mu is global
    n->key = 1;
  n->plain = 2;
  unlock(&mu);
}
// CHECK-LABEL: define{{.*}} void @proved(
// CHECK:         call void @lock(
// CHECK-NOT:     __schedsan_{{.*}}(ptr @counter
// CHECK:         call void @__schedsan_read8(ptr @buffer,
// CHECK-NOT:     call void @__schedsan_write4(
// CHECK:         call void @__schedsan_read8(
// CHECK:         call void @__schedsan_write4(
// CHECK-NOT:     call void @__schedsan_write4(
// CHECK:         call void @unlock(

// Not under the lock: every access keeps its point.
void unlocked(void) { counter++; }
// CHECK-LABEL: define{{.*}} void @unlocked(
// CHECK:         call void @__schedsan_read4(ptr @counter,
// CHECK:         call void @__schedsan_write4(ptr @counter,
// O2-LABEL: define{{.*}} void @unlocked(
// O2:         call void @__schedsan_read4(ptr @counter,
// O2:         call void @__schedsan_write4(ptr @counter,

// One unproved access (after the unlock) keeps the points of the whole
// function.
void partly(void) {
  lock(&mu);
  counter = 1;
  unlock(&mu);
  counter = 2;
}
// CHECK-LABEL: define{{.*}} void @partly(
// CHECK:         call void @__schedsan_write4(ptr @counter,
// CHECK:         call void @__schedsan_write4(ptr @counter,

// Held by contract only (REQUIRES, ASSERT_CAPABILITY): callers through
// pointers or in other files are not checked, so the points stay.
void required(void) __attribute__((requires_capability(mu))) { counter = 3; }
// CHECK-LABEL: define{{.*}} void @required(
// CHECK:         call void @__schedsan_write4(ptr @counter,
void asserted(void) {
  assert_held(&mu);
  counter = 4;
}
// CHECK-LABEL: define{{.*}} void @asserted(
// CHECK:         call void @__schedsan_write4(ptr @counter,

// Through a pointer the analysis does not follow: the point stays.
void through_pointer(void) {
  lock(&mu);
  int *p = &counter;
  *p = 5;
  unlock(&mu);
}
// CHECK-LABEL: define{{.*}} void @through_pointer(
// CHECK:         call void @__schedsan_write4(ptr
// CHECK:         call void @unlock(

// A bit-field's storage unit holds unguarded neighbours: its point stays.
void bitfield(struct node *n) {
  lock(&mu);
  n->flag = 1;
  unlock(&mu);
}
// CHECK-LABEL: define{{.*}} void @bitfield(
// CHECK:         call void @__schedsan_{{(update|write)}}1(
// CHECK:         call void @unlock(

// -O2: proved(), inlined into its caller, still has no point for counter.
void caller(struct node *n) { proved(n); }
// O2-LABEL: define{{.*}} void @caller(
// O2-NOT:     __schedsan_{{.*}}(ptr @counter
// O2:         ret void

// OFF-LABEL: define{{.*}} void @proved(
// OFF:         call void @__schedsan_read4(ptr @counter,
// OFF:         call void @__schedsan_write4(ptr @counter,

// STATS: {{ }}5 schedsan - Skipped: access under its GUARDED_BY lock (thread-safety analysis)
