// A deadlock's signature is the set of lock calls in the cycle: a third
// thread queued behind it (it waits for a lock of the cycle, and nobody
// waits for it) is shown, but does not change the signature, so runs with
// and without a latecomer group together.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=strategy=random:seed=1 %t late > %t.out 2>&1; test $? = 66
// RUN: FileCheck %s < %t.out
// RUN: grep SUMMARY %t.out | FileCheck --check-prefix=SUM %s
// RUN: env SCHEDSAN_OPTIONS=strategy=random:seed=1 %t > %t.alone 2>&1; test $? = 66
// RUN: grep SUMMARY %t.out | sed 's/(pid=[0-9]*)//' > %t.sum1
// RUN: grep SUMMARY %t.alone | sed 's/(pid=[0-9]*)//' > %t.sum2
// RUN: diff %t.sum1 %t.sum2
// CHECK: ERROR: ScheduleSanitizer: deadlock
// CHECK-DAG: in first
// CHECK-DAG: in second
// CHECK-DAG: in latecomer
// SUM: SUMMARY: ScheduleSanitizer: deadlock {{.*}} in first{{.*}} in second
// SUM-NOT: latecomer
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static atomic_int has_a, has_b;

static void *first(void *arg) {
  pthread_mutex_lock(&a);
  atomic_store(&has_a, 1);
  while (!atomic_load(&has_b))
    sched_yield();
  pthread_mutex_lock(&b);
  return arg;
}

static void *second(void *arg) {
  pthread_mutex_lock(&b);
  atomic_store(&has_b, 1);
  while (!atomic_load(&has_a))
    sched_yield();
  pthread_mutex_lock(&a);
  return arg;
}

static void *latecomer(void *arg) {
  while (!atomic_load(&has_a) || !atomic_load(&has_b))
    sched_yield();
  pthread_mutex_lock(&a);
  return arg;
}

int main(int argc, char **argv) {
  pthread_t t1, t2, t3;
  pthread_create(&t1, 0, first, 0);
  pthread_create(&t2, 0, second, 0);
  if (argc > 1 && !strcmp(argv[1], "late"))
    pthread_create(&t3, 0, latecomer, 0);
  pthread_join(t1, 0);
  return 0;
}
