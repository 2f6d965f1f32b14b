// -fsyntax-only generates no code and links nothing: no pass plugin, no
// runtime, and errors are reported as by clang.
//
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -fsyntax-only %s 2>&1 | FileCheck %s
// RUN: not %schedsan_cc -fsyntax-only -DBROKEN %s 2>&1 | FileCheck %s --check-prefix=BROKEN
//
// CHECK: schedsan-clang:
// CHECK-NOT: -fpass-plugin
// CHECK-NOT: libschedsan_rt
// BROKEN: error: use of undeclared identifier 'undeclared'
int counter;
int get(void) {
#ifdef BROKEN
  return undeclared;
#endif
  return counter;
}
