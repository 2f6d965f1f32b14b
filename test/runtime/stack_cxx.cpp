// A C++ assertion's report shows, at -O0 and -O2, the failing thread's
// stack with the user's frames first, demangled, with file:line:col
// (inlined frames expanded at -O2), the runtime's frames hidden and the
// C++ library's collapsed; every other thread's stack where it waits; and
// a SUMMARY naming the assertion's own line and function. Whichever worker
// loads first fails unless both stored first: random walk finds it in
// most runs, so within 50 seeds at either level.
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %schedsan_cxx -g -O0 %s -o %t0
// RUN: %hits 50 %t0 > %t0.hits
// RUN: env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %t0.hits) %t0 > %t0.out 2>&1; test $? = 66
// RUN: FileCheck --check-prefixes=CHECK,O0 %s < %t0.out
// RUN: FileCheck --check-prefix=FAIL %s < %t0.out
// RUN: %schedsan_cxx -g -O2 %s -o %t2
// RUN: %hits 50 %t2 > %t2.hits
// RUN: env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %t2.hits) %t2 > %t2.out 2>&1; test $? = 66
// RUN: FileCheck %s < %t2.out
// RUN: FileCheck --check-prefix=FAIL %s < %t2.out
//
// Every thread with its stack, the user's frames first.
// CHECK: ERROR: ScheduleSanitizer: assertion failure
// CHECK: T0 (main thread)
// CHECK-NEXT: at {{/.*}}stack_cxx.cpp:{{[0-9]+}}:{{[0-9]+}} in main
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in main {{/.*}}stack_cxx.cpp:{{[0-9]+}}:{{[0-9]+}}
// O0-NEXT: in the C++ standard library: std::thread::
// CHECK: T1 (created by T0)
// CHECK-NEXT: at {{/.*}}:{{[0-9]+}}:{{[0-9]+}} in
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in {{.*}}:{{[0-9]+}}:{{[0-9]+}}
// CHECK: T2 (created by T0)
// CHECK-NEXT: at {{/.*}}:{{[0-9]+}}:{{[0-9]+}} in
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in {{.*}}:{{[0-9]+}}:{{[0-9]+}}
// CHECK-NOT: {{_Z|schedsan::|__schedsan|threadTrampoline|start_thread}}
// CHECK: SUMMARY: ScheduleSanitizer: assertion failure {{.*}}stack_cxx.cpp:[[#@LINE+23]] in Pair::enter(int)
// CHECK-NEXT: Schedule trace:
//
// The failing thread: the assertion's frame, then its caller (inlined at
// -O2: the same PC twice), then std::thread's frames collapsed.
// FAIL: running: atomic load
// FAIL-NEXT: at
// FAIL-NEXT: #0 0x{{[0-9a-f]+}} in Pair::enter(int) {{/.*}}stack_cxx.cpp:[[#@LINE+16]]:{{[0-9]+}}
// FAIL-NEXT: #1 0x{{[0-9a-f]+}} in worker(Pair*, int) {{/.*}}stack_cxx.cpp:[[#@LINE+24]]:6
// FAIL-NEXT: ... {{[0-9]+}} frame{{s?}} in the C++ standard library
#include <atomic>
#include <cassert>
#include <sched.h>
#include <thread>

struct Pair {
  std::atomic<int> go{0};
  std::atomic<int> in[2] = {};

  // Wrong: the other thread may not have entered yet.
  void enter(int self) {
    in[self].store(1);
    int other = in[1 - self].load();
    assert(other && "the other thread has not entered");
  }
};

Pair pair;

__attribute__((noinline)) void worker(Pair *p, int self) {
  while (!p->go.load())
    sched_yield();
  p->enter(self);
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

int main() {
  std::thread a(worker, &pair, 0);
  std::thread b(worker, &pair, 1);
  pair.go.store(1);
  a.join();
  b.join();
  return 0;
}
