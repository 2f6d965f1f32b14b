// With -fsanitize=address,undefined: AddressSanitizer still sees the threads
// schedsan starts (it names T1 or T2, not the unknown T-1), a schedule-dependent
// use-after-free is reported by ASan with schedsan's replay command after
// it (test/driver/sanitizers-leaks.test: no false leak reports).
// RUN: %schedsan_cc -fsanitize=address,undefined -g -O1 %s -o %t
// RUN: %hits 40 %t > %t.hits
// RUN: FileCheck --check-prefix=HITS %s < %t.hits
// HITS: hits={{[1-9][0-9]*}} of 40
// RUN: env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %t.hits) %t > %t.out 2>&1; test $? != 0
// RUN: FileCheck %s < %t.out
// CHECK: ERROR: AddressSanitizer: heap-use-after-free
// CHECK: WRITE of size 4 at {{.*}} thread T{{[1-9]}}
// CHECK: ==[[PID:[0-9]+]]==ScheduleSanitizer: the error above happened under strategy=random seed={{[0-9]+}} after {{[0-9]+}} scheduling steps
// CHECK-NEXT: ==[[PID]]==Schedule trace:
// CHECK-NEXT: ==[[PID]]==Replay: SCHEDSAN_OPTIONS='strategy=random:seed={{[0-9]+}}:replay=
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int *buf;
void *worker(void *x) {
  buf[0] = 1;
  return 0;
}
int main() {
  buf = malloc(16);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  pthread_create(&t, 0, worker, 0);
  free(buf);
  pthread_join(t, 0);
  puts("done");
  return 0;
}
