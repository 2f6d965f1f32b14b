// SCHEDSAN_CONTROL_POINT(label) (<schedsan/control.h>) is a scheduling point
// of kind `control`: a report that finds a thread there names the control
// point's own line (from the caller's return address: no site table names
// it), and the events log shows it. In a program built without the runtime
// it does nothing.
//
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %schedsan_cc -I%src_root/include -g -O1 %s -o %t
// Main fails while the worker is at, or past, the control point; in some
// of these seeds it is at it.
// RUN: for s in 1 2 3 4 5 6 7 8 9 10 11 12; do env SCHEDSAN_OPTIONS=seed=$s %t 2>&1 || true; done > %t.reports
// RUN: FileCheck %s < %t.reports
// CHECK: T1 (created by T0) ready: control
// CHECK-NEXT: at {{.*}}control_point.c:33:3 in worker
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in worker {{.*}}control_point.c:33:3
//
// RUN: env SCHEDSAN_OPTIONS=seed=1:events=%t.ev %t ok
// RUN: FileCheck --check-prefix=EVENTS %s < %t.ev
// EVENTS: E {{[0-9]+}} 1 control {{[-sp]}}
//
// RUN: %clang -I%src_root/include %s -o %t.plain
// RUN: %t.plain ok | FileCheck --check-prefix=PLAIN %s
// PLAIN: done
#include <assert.h>
#include <pthread.h>
#include <schedsan/control.h>
#include <stdio.h>

volatile int started;

void *worker(void *arg) {
  started = 1;
  SCHEDSAN_CONTROL_POINT(42);
  return arg;
}

int main(int argc, char **argv) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  while (!started)
    ;
  assert(argc > 1 && "main fails while the worker runs");
  pthread_join(t, 0);
  printf("done\n");
  return 0;
}
