// A thread created by a C++ static constructor, before main: the runtime,
// started by the first instrumented module's constructor, must still hold
// that thread when main runs (no start-up constructor of its own resets
// it), so main's join finds it and the run ends.
// RUN: %schedsan_cxx -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=verbosity=1 timeout 30 %t 2>&1 | FileCheck %s
// RUN: %seeds 20 timeout 30 %t | FileCheck %s --check-prefix=SEEDS
// CHECK: v=1
// CHECK: threads=2
// SEEDS: 20 seeds passed
#include <pthread.h>
#include <stdio.h>

static int v;
static void *f(void *) {
  v = 1;
  return nullptr;
}
static pthread_t T;
struct Init {
  Init() { pthread_create(&T, nullptr, f, nullptr); }
} I;

int main() {
  pthread_join(T, nullptr);
  printf("v=%d\n", v);
  fflush(stdout);
  return 0;
}
