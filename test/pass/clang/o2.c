// clang -O2: the pass runs last, after locals are promoted to registers.
// RUN: %clang -O2 -fpass-plugin=%plugin -S -emit-llvm -o - %s | FileCheck %s
#include <stdatomic.h>

struct node {
  struct node *next;
  int value;
};
struct node *head;
atomic_int pushes;

void push(struct node *n) {
  n->next = head;
  head = n;
  atomic_fetch_add(&pushes, 1);
}
// CHECK-LABEL: define{{.*}} void @push(
// CHECK-SAME:    ptr {{.*}}[[N:%[0-9a-z]+]])
// CHECK:         call void @__schedsan_read8(ptr @head,
// CHECK-NEXT:    load ptr, ptr @head
// CHECK-NEXT:    call void @__schedsan_write8(ptr [[N]],
// CHECK-NEXT:    store ptr
// CHECK-NEXT:    call void @__schedsan_write8(ptr @head,
// CHECK-NEXT:    store ptr [[N]], ptr @head
// CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr @pushes, i32 4, i32 1, i32 5,
// CHECK-NEXT:    atomicrmw add ptr @pushes, i32 1 seq_cst

// Pure computation on locals: nothing to schedule.
int square_sum(int a, int b) {
  int s = a * a;
  s += b * b;
  return s;
}
// CHECK-LABEL: define{{.*}} i32 @square_sum(
// CHECK-NOT:     __schedsan_
// CHECK:         ret i32

// CHECK: @schedsan.module_ctor()
