// The low level of test scripts: select returns the earliest event of the
// set's threads that the script has not released (a thread's start event
// arrives when it is created); release lets a thread perform its event and
// run to its next one; select of one thread waits for it; choose stays in
// range and AnyThread - t leaves t blocked.
// RUN: %script_cxx -O0 -g %s -o %t
// RUN: env SCHEDSAN_OPTIONS=script=Low %t 2>&1 | FileCheck %s
// CHECK: first: T0 thread create
// CHECK-NEXT: after release: T1 thread start, then T0
// CHECK-NEXT: T1 alone: T1 func entry in w1(void*) ({{.*}}script_select.cpp:{{[0-9]+}})
// CHECK-NEXT: AnyThread - T1: T0
// CHECK-NEXT: T1 still: T1 func entry
// CHECK-NEXT: choose in range: 1
// CHECK-NEXT: main: a=1
#include <pthread.h>
#include <schedsan/script.h>
#include <stdio.h>
using namespace schedsan::script;

int a;
void *w1(void *) {
  a = 1;
  return nullptr;
}

SCHEDSAN_SCRIPT(Low) {
  Event E = select(AnyThread);
  // Main's first event the script sees: creating the worker.
  fprintf(stderr, "first: T%u %s\n", E.tid.id(), E.raw.name);
  release(E.tid);
  Event S = select(AnyThread);
  Event M = select(AnyThread - S.tid);
  fprintf(stderr, "after release: T%u %s, then T%u\n", S.tid.id(), S.raw.name,
          M.tid.id());
  release(S.tid);
  Event W = select(S.tid);
  fprintf(stderr, "T1 alone: %s\n", W.describe().c_str());
  Event O = select(AnyThread - S.tid);
  fprintf(stderr, "AnyThread - T1: T%u\n", O.tid.id());
  fprintf(stderr, "T1 still: T%u %s\n", select(S.tid).tid.id(),
          select(S.tid).raw.name);
  bool InRange = true;
  for (int I = 0; I != 50; ++I)
    InRange &= (unsigned)choose(3) < 3;
  fprintf(stderr, "choose in range: %d\n", InRange);
}

int main() {
  pthread_t t;
  pthread_create(&t, 0, w1, 0);
  pthread_join(t, 0);
  fprintf(stderr, "main: a=%d\n", a);
  return 0;
}
