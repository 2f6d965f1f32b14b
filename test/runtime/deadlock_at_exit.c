// A deadlock found by a thread on its way out of the run (the last thread
// that could go on leaves): the report shows the blocked threads, and no
// empty section for the thread that left (it used to print "the failing
// thread (not controlled):" with nothing under it).
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=seed=1 %t > %t.out 2>&1; test $? = 66
// RUN: FileCheck %s < %t.out
// RUN: env SCHEDSAN_OPTIONS=seed=2:strategy=pct %t > %t.out 2>&1; test $? = 66
// RUN: FileCheck %s < %t.out
// CHECK: ERROR: ScheduleSanitizer: deadlock
// CHECK-NEXT: every live thread is blocked:
// CHECK-NEXT: T0 (main thread) waits on condition variable
// CHECK-NOT: the failing thread
// CHECK: SUMMARY: ScheduleSanitizer: deadlock {{.*}}deadlock_at_exit.c:{{[0-9]+}}:{{[0-9]+}} in main
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t never = PTHREAD_COND_INITIALIZER;

// Takes the mutex, which main gives up only inside its wait: this thread
// leaves after main has begun to wait.
static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_mutex_lock(&m);
  pthread_create(&t, 0, worker, 0);
  pthread_cond_wait(&never, &m); // the bug: nobody signals
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
