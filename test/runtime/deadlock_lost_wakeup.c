// A lost wakeup (`if` instead of a predicate checked under the lock before
// signaling) is a deadlock: the waiter waits on a condition variable that is
// never signaled again, main waits to join it.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %hits 200 %t > %t.hits
// RUN: FileCheck --check-prefix=HITS %s < %t.hits
// HITS: hits={{[1-9][0-9]*}} of 200
// RUN: env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %t.hits) %t > %t.out 2>&1; test $? = 66
// RUN: FileCheck %s < %t.out
// CHECK: ERROR: ScheduleSanitizer: deadlock
// CHECK-DAG: T0 (main thread) waits to join T1
// CHECK-DAG: T1 (created by T0) waits on condition variable {{0x[0-9a-f]+}} (never signaled since the wait began)
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;
void *waiter(void *x) {
  pthread_mutex_lock(&m);
  int r = ready;
  pthread_mutex_unlock(&m);
  if (!r) {
    pthread_mutex_lock(&m);
    pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
  }
  return 0;
}
int main() {
  pthread_t t;
  pthread_create(&t, 0, waiter, 0);
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
