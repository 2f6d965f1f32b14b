// clang -O0 runs the pass too (OptimizerLast fires in the -O0 pipeline and
// the pass is required, so optnone functions are instrumented).
// RUN: %clang -O0 -fpass-plugin=%plugin -S -emit-llvm -o - %s | FileCheck %s
#include <stdatomic.h>

int counter;
_Atomic int flag;

void bump(void) { counter++; }
// CHECK-LABEL: define{{.*}} void @bump()
// CHECK-SAME:    #[[ATTRS:[0-9]+]]
// CHECK:         call void @__schedsan_read4(ptr @counter,
// CHECK-NEXT:    load i32, ptr @counter
// CHECK-NEXT:    add
// CHECK-NEXT:    call void @__schedsan_write4(ptr @counter,
// CHECK-NEXT:    store i32 {{.*}}, ptr @counter

// At -O0 locals live in allocas; they do not escape: no events.
int local_only(int a) {
  int x = a;
  x += 2;
  return x;
}
// CHECK-LABEL: define{{.*}} i32 @local_only(
// CHECK-NOT:     __schedsan_
// CHECK:         ret i32

void publish(void) { atomic_store_explicit(&flag, 1, memory_order_release); }
// CHECK-LABEL: define{{.*}} void @publish()
// CHECK:         call void @__schedsan_atomic_store(ptr @flag, i32 4, i32 3,
// CHECK-NEXT:    store atomic i32 {{.*}} release

// CHECK: @schedsan.module_ctor()
// CHECK: attributes #[[ATTRS]] = {{{.*}}optnone
