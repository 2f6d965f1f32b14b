// __attribute__((annotate("schedsan_ignore"))) (no plugin needed): the
// function gets no events, and neither do copies of its code inlined into
// other functions; the caller's own accesses are still instrumented.
// RUN: %clang -O2 -fpass-plugin=%plugin -S -emit-llvm -o - %s | FileCheck %s
// RUN: %clang -O0 -fpass-plugin=%plugin -S -emit-llvm -o - %s | FileCheck --check-prefix=O0 %s

int hits;   // a statistics counter, racy on purpose
int data;

__attribute__((annotate("schedsan_ignore"))) void note_hit(void) { hits++; }

static __attribute__((annotate("schedsan_ignore"))) void note_hit_inline(void) {
  hits++;
}

void work(int v) {
  note_hit_inline();
  data = v;
}

// CHECK-LABEL: define{{.*}} void @note_hit()
// CHECK-SAME:    #[[IGN:[0-9]+]]
// CHECK-NOT:     __schedsan_
// CHECK:         ret void

// The inlined increment of hits has no event; the store to data has one.
// CHECK-LABEL: define{{.*}} void @work(
// CHECK-NOT:     call void @__schedsan_{{.*}}@hits
// CHECK:         store i32 {{.*}}, ptr @hits
// CHECK-NEXT:    call void @__schedsan_write4(ptr @data,
// CHECK-NEXT:    store i32 {{.*}}, ptr @data
// CHECK-NOT:     call void @__schedsan_{{.*}}@hits
// CHECK:         ret void

// CHECK: attributes #[[IGN]] = {{{.*}}"schedsan-ignore"

// O0-LABEL: define{{.*}} void @note_hit()
// O0-NOT:     __schedsan_
// O0:         ret void
// O0-LABEL: define{{.*}} void @work(
// O0:         call void @__schedsan_write4(ptr @data,
