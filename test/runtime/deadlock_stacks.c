// A deadlock's report shows each blocked thread's stack at its blocking
// call, with what it waits for and who holds it, in C at -O0 and -O2 and
// compiled as C++ (demangled); its SUMMARY names the lock calls of the
// cycle (not the join main waits in), the same at every level. Random walk
// deadlocks the two workers within 100 seeds (measured: about one run in
// four at each level).
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %schedsan_cc -g -O0 %s -o %t0
// RUN: %hits 100 %t0 > %t0.hits
// RUN: env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %t0.hits) %t0 > %t0.out 2>&1; test $? = 66
// RUN: FileCheck --check-prefixes=CHECK,C %s < %t0.out
// RUN: %schedsan_cc -g -O2 %s -o %t2
// RUN: %hits 100 %t2 > %t2.hits
// RUN: env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %t2.hits) %t2 > %t2.out 2>&1; test $? = 66
// RUN: FileCheck --check-prefixes=CHECK,C %s < %t2.out
// RUN: %schedsan_cxx -x c++ -g -O2 %s -o %tx
// RUN: %hits 100 %tx > %tx.hits
// RUN: env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %tx.hits) %tx > %tx.out 2>&1; test $? = 66
// RUN: FileCheck --check-prefixes=CHECK,CXX %s < %tx.out
// RUN: grep -h SUMMARY %t0.out %t2.out %tx.out | sed 's/ in lock_both.*//' | sort -u | wc -l | grep -qx 1
// Without -g: functions and module offsets, and a note, once; with
// symbolize=0, module offsets only.
// RUN: %schedsan_cc -O2 %s -o %tn
// RUN: %hits 100 %tn > %tn.hits
// RUN: env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %tn.hits) %tn > %tn.out 2>&1; test $? = 66
// RUN: FileCheck --check-prefix=NODEBUG %s < %tn.out
// RUN: env SCHEDSAN_OPTIONS=symbolize=0:seed=$(sed 's/.*first=//' %tn.hits) %tn > %tn.raw 2>&1; test $? = 66
// RUN: FileCheck --check-prefix=RAW %s < %tn.raw
//
// CHECK: ERROR: ScheduleSanitizer: deadlock
// CHECK: T0 (main thread) waits to join T1
// CHECK-NEXT: at {{/.*}}deadlock_stacks.c:[[#JOIN:]]:{{[0-9]+}} in main
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in main {{/.*}}deadlock_stacks.c:[[#JOIN]]:{{[0-9]+}}
// CHECK-NEXT: T1 (created by T0) waits for mutex [[B:0x[0-9a-f]+]], held by T2
// C-NEXT: at {{/.*}}deadlock_stacks.c:[[#LOCK:]]:3 in lock_both{{$}}
// CXX-NEXT: at {{/.*}}deadlock_stacks.c:[[#LOCK:]]:3 in lock_both(pthread_mutex_t*, pthread_mutex_t*){{$}}
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in lock_both{{.*}} {{/.*}}deadlock_stacks.c:[[#LOCK]]:3
// CHECK-NEXT: #1 0x{{[0-9a-f]+}} in first_a_then_b{{.*}} {{/.*}}deadlock_stacks.c:[[#LOCK+7]]:3
// CHECK-NEXT: T2 (created by T0) waits for mutex {{0x[0-9a-f]+}}, held by T1
// CHECK-NEXT: at {{/.*}}deadlock_stacks.c:[[#LOCK]]:3 in lock_both
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in lock_both{{.*}} {{/.*}}deadlock_stacks.c:[[#LOCK]]:3
// CHECK-NEXT: #1 0x{{[0-9a-f]+}} in first_b_then_a{{.*}} {{/.*}}deadlock_stacks.c:[[#LOCK+13]]:3
// CHECK-NEXT: strategy=random
// CHECK-NEXT: SUMMARY: ScheduleSanitizer: deadlock {{/.*}}deadlock_stacks.c:[[#LOCK]]:3 in lock_both{{[^;]*$}}
//
// NODEBUG: T1 (created by T0) waits for mutex
// NODEBUG-NEXT: at {{/.*}}+0x{{[0-9a-f]+}} in first_a_then_b
// NODEBUG-NEXT: #0 0x{{[0-9a-f]+}} in first_a_then_b ({{/.*}}+0x{{[0-9a-f]+}})
// NODEBUG: (the program's frames have no file:line: build it with -g)
// NODEBUG-NOT: build it with -g
// NODEBUG: SUMMARY: ScheduleSanitizer: deadlock {{/.*}}+0x{{[0-9a-f]+}} in first_a_then_b; {{/.*}}+0x{{[0-9a-f]+}} in first_b_then_a
// RAW: T1 (created by T0) waits for mutex
// RAW-NEXT: at {{.*}}+0x{{[0-9a-f]+}}{{$}}
// RAW-NEXT: #0 0x{{[0-9a-f]+}} ({{.*}}+0x{{[0-9a-f]+}}){{$}}
// RAW-NOT: build it with -g
#include <pthread.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;

static void lock_both(pthread_mutex_t *x, pthread_mutex_t *y) {
  pthread_mutex_lock(x);
  pthread_mutex_lock(y);
  pthread_mutex_unlock(y);
  pthread_mutex_unlock(x);
}

static void *first_a_then_b(void *arg) {
  (void)arg;
  lock_both(&a, &b);
  return 0;
}

static void *first_b_then_a(void *arg) {
  (void)arg;
  lock_both(&b, &a);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, first_a_then_b, 0);
  pthread_create(&t2, 0, first_b_then_a, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
