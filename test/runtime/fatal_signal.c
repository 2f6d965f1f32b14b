// A fatal signal in a worker (null dereference) is reported with the
// faulting address, the thread and its location, its stack from the
// faulting instruction, a SUMMARY naming that instruction's frame, and
// the replay command.
// RUN: %schedsan_cc -g -O0 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=seed=1 %t > %t.out 2>&1; test $? = 66
// RUN: FileCheck %s < %t.out
// CHECK: ERROR: ScheduleSanitizer: fatal signal
// CHECK-NEXT: SEGV on address (nil)
// CHECK: T1 (created by T0) running: write
// CHECK-NEXT: at {{.*}}fatal_signal.c:{{[0-9]+}}:{{[0-9]+}} in crash
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in crash {{/.*}}fatal_signal.c:[[#LINE:]]:{{[0-9]+}}
// CHECK: SUMMARY: ScheduleSanitizer: fatal signal {{/.*}}fatal_signal.c:[[#LINE]]:{{[0-9]+}} in crash
// CHECK: Replay: SCHEDSAN_OPTIONS='strategy=random:seed=1:replay=
#include <pthread.h>

int *volatile target;
void *crash(void *arg) {
  *target = 1;
  return 0;
}
int main() {
  pthread_t t;
  pthread_create(&t, 0, crash, 0);
  pthread_join(t, 0);
  return 0;
}
