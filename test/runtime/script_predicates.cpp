// Each event predicate of test scripts, alone and combined: functions by
// name (a static one too) and by address, entries, returns, calls, InFunc,
// reads and writes of one address, thread start and end, &&, || and !.
// RUN: %script_cxx -O0 -g %s -o %t
// RUN: env SCHEDSAN_OPTIONS=script=Preds %t 2>&1 | FileCheck %s
// CHECK: enters helper_static: T1 InFunc(helper_static)=1
// CHECK-NEXT: calls inner: T1 call in helper_static()
// CHECK-NEXT: writes y: T1 in inner(int); InFunc inner=1 inner(int)=1 helper_static=1 w2=0; by address w1=1 helper_static=1 w2=0
// CHECK-NEXT: returns inner: T1 func exit in inner(int)
// CHECK-NEXT: reads y in w2: T2 read of 4 bytes
// CHECK-NEXT: not a memory event: T2 func exit in w2(void*)
// CHECK-NEXT: T2 ends: T2 thread exit; HasEnded T2=1 T1=0
// CHECK-NEXT: writes x outside helper_static: T1 write of 4 bytes at 0x{{[0-9a-f]+}} in w1(void*)
// CHECK-NEXT: done
#include <pthread.h>
#include <schedsan/script.h>
#include <stdio.h>
using namespace schedsan::script;

int x, y;
__attribute__((noinline)) void inner(int v) { y = v; }
__attribute__((noinline)) static void helper_static(void) {
  inner(3);
  x = 2;
}
void *w1(void *) {
  helper_static();
  x = 4;
  return nullptr;
}
void *w2(void *) {
  int v = y;
  (void)v;
  return nullptr;
}

SCHEDSAN_SCRIPT(Preds) {
  Tid A = WaitForThread(EntersFunc("helper_static"));
  fprintf(stderr, "enters helper_static: T%u InFunc(helper_static)=%d\n",
          A.id(), InFunc(A, "helper_static"));
  RunThreadUntil(A, CallsFunc(inner));
  fprintf(stderr, "calls inner: %s\n", select(A).describe().c_str());
  RunThreadUntil(A, WritesMem(&y));
  fprintf(stderr,
          "writes y: T%u in %s; InFunc inner=%d inner(int)=%d "
          "helper_static=%d w2=%d; by address w1=%d helper_static=%d w2=%d\n",
          A.id(), select(A).raw.function ? "inner(int)" : "?",
          InFunc(A, "inner"), InFunc(A, "inner(int)"),
          InFunc(A, "helper_static"), InFunc(A, "w2"), InFunc(A, w1),
          InFunc(A, helper_static), InFunc(A, w2));
  RunThreadUntil(A, ReturnsFunc("inner"));
  fprintf(stderr, "returns inner: %s\n", select(A).describe().c_str());
  Tid B = WaitForThread(AnyThread - A, ReadsMem(&y) && InFunc("w2"));
  fprintf(stderr, "reads y in w2: %s\n", select(B).describe().c_str());
  RunThreadUntil(B, !ReadsMem && !WritesMem && !CallsFunc);
  fprintf(stderr, "not a memory event: %s\n", select(B).describe().c_str());
  RunThreadUntil(B, ThreadEnds);
  fprintf(stderr, "T2 ends: T%u %s; HasEnded T2=%d T1=%d\n", B.id(),
          select(B).raw.name, HasEnded(B), HasEnded(A));
  RunThreadUntil(A, WritesMem(&x) && !InFunc("helper_static"));
  fprintf(stderr, "writes x outside helper_static: %s\n",
          select(A).describe().c_str());
  fprintf(stderr, "done\n");
}

int main() {
  pthread_t a, b;
  pthread_create(&a, 0, w1, 0);
  pthread_create(&b, 0, w2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
