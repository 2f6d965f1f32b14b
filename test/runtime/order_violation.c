// An order violation (use before initialization) is found by random walk
// within 100 seeds, and its report has the sanitizer shape with a replay
// command and a trace file.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %hits 100 %t > %t.hits
// RUN: FileCheck --check-prefix=HITS %s < %t.hits
// HITS: hits={{[1-9][0-9]*}} of 100
// RUN: cd %T && env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %t.hits) %t > %t.out 2>&1; test $? = 66
// RUN: FileCheck %s < %t.out
// CHECK: ==[[PID:[0-9]+]]==ERROR: ScheduleSanitizer: assertion failure (pid=[[PID]])
// CHECK-NEXT: order_violation.c:{{[0-9]+}}: void *use(void *): Assertion `p && "used before initialization"' failed.
// CHECK: T0 (main thread)
// CHECK: T1 (created by T0) running:
// CHECK-NEXT: at {{.*}}order_violation.c:{{[0-9]+}}:{{[0-9]+}} in use
// CHECK: strategy=random seed={{[0-9]+}} steps={{[0-9]+}}
// CHECK: SUMMARY: ScheduleSanitizer: assertion failure {{.*}}order_violation.c:{{[0-9]+}} in use
// CHECK-NEXT: ==[[PID]]==Schedule trace: [[TRACE:.*schedsan\.[0-9]+\.trace]]
// CHECK-NEXT: ==[[PID]]==Replay: SCHEDSAN_OPTIONS='strategy=random:seed={{[0-9]+}}:replay=[[TRACE]]' {{.*}}order_violation.c.tmp
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

int *ptr;
int value = 42;
void *init(void *arg) { ptr = &value; return 0; }
void *use(void *arg) {
  int *p = ptr;
  assert(p && "used before initialization");
  return 0;
}
int main() {
  pthread_t a, b;
  pthread_create(&b, 0, use, 0);
  pthread_create(&a, 0, init, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
