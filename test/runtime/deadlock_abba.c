// ABBA deadlock: reported with each thread, the mutex it waits for and who
// holds it; exit code 66.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %hits 200 %t > %t.hits
// RUN: FileCheck --check-prefix=HITS %s < %t.hits
// HITS: hits={{[1-9][0-9]*}} of 200
// RUN: env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %t.hits) %t > %t.out 2>&1; test $? = 66
// RUN: FileCheck %s < %t.out
// CHECK: ERROR: ScheduleSanitizer: deadlock
// CHECK-NEXT: every live thread is blocked:
// CHECK-DAG: T1 (created by T0) waits for mutex [[B:0x[0-9a-f]+]], held by T2
// CHECK-DAG: T2 (created by T0) waits for mutex [[A:0x[0-9a-f]+]], held by T1
// CHECK-DAG: T0 (main thread) waits to join T1
// CHECK: SUMMARY: ScheduleSanitizer: deadlock
// CHECK: Replay: SCHEDSAN_OPTIONS=
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
void *t1(void *x) {
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  return 0;
}
void *t2(void *x) {
  pthread_mutex_lock(&b);
  pthread_mutex_lock(&a);
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
  return 0;
}
int main() {
  pthread_t x, y;
  pthread_create(&x, 0, t1, 0);
  pthread_create(&y, 0, t2, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  return 0;
}
