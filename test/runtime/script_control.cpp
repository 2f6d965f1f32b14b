// Control points: AtControl(label) waits for SCHEDSAN_CONTROL_POINT(label),
// AtControl for any; the event names the label and its caller's location.
// Built without schedsan (plain clang, no runtime) the macro does nothing.
// RUN: %script_cxx -O0 -g %s -o %t
// RUN: env SCHEDSAN_OPTIONS=script=Control %t 2>&1 | FileCheck %s
// CHECK: any: T1 control 7
// CHECK-NEXT: label 42: T1 control 42
// CHECK-NEXT: main: 2
// RUN: %clangxx -I%src_root/include -O0 %s -o %t.plain -DNO_SCRIPT
// RUN: %t.plain 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: main: 2
#include <pthread.h>
#include <schedsan/control.h>
#include <stdio.h>

int passed;
void *worker(void *) {
  SCHEDSAN_CONTROL_POINT(7);
  ++passed;
  SCHEDSAN_CONTROL_POINT(42);
  ++passed;
  return nullptr;
}

#ifndef NO_SCRIPT
#include <schedsan/script.h>
using namespace schedsan::script;
SCHEDSAN_SCRIPT(Control) {
  Tid T = WaitForThread(AtControl);
  fprintf(stderr, "any: %s\n", select(T).describe().c_str());
  RunThreadUntil(T, AtControl(42));
  fprintf(stderr, "label 42: %s\n", select(T).describe().c_str());
}
#endif

int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  fprintf(stderr, "main: %d\n", passed);
  return 0;
}
