// coverage_file=: the distinct ordered pairs of racing events a run
// executed (runtime/observe/schedsan_coverage.h). The two barrier waits race
// (same object): a pair of two interceptor callers (prog+0x...), in every
// run. The workers' writes of x race when both wait before them at once:
// a pair of two pass sites (numbers), under random's seed 3 but not under
// pct's seed 1 (the first thread past the barrier runs to its end before
// the other one moves on). The reads of y never race (two reads), nor do
// thread create, join and exit (no object in common, or no location).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %schedsan_cc -O1 %s -o %t.d/prog
// RUN: env SCHEDSAN_OPTIONS=strategy=random:seed=3:coverage_file=%t.d/c %t.d/prog
// RUN: FileCheck --match-full-lines %s < %t.d/c
// CHECK: # schedsan coverage v1
// CHECK-DAG: {{[0-9]+}} {{[0-9]+}}
// CHECK-DAG: prog+0x{{[0-9a-f]+}} prog+0x{{[0-9a-f]+}}
// CHECK-NOT: {{.}}
// RUN: env SCHEDSAN_OPTIONS=strategy=pct:seed=1:coverage_file=%t.d/c1 %t.d/prog
// RUN: FileCheck --check-prefix=PCT --match-full-lines %s < %t.d/c1
// PCT: # schedsan coverage v1
// PCT-NEXT: prog+0x{{[0-9a-f]+}} prog+0x{{[0-9a-f]+}}
// PCT-NOT: {{.}}
//
// The schedule is the same with and without coverage_file, and the pairs
// are the same with and without leases (the events passed under a lease
// make their pairs from the lease's fast path).
// RUN: env SCHEDSAN_OPTIONS=strategy=pct:seed=5:trace=%t.d/t1 %t.d/prog
// RUN: env SCHEDSAN_OPTIONS=strategy=pct:seed=5:trace=%t.d/t2:coverage_file=%t.d/c9 %t.d/prog
// RUN: env SCHEDSAN_OPTIONS=strategy=pct:seed=5:coverage_file=%t.d/c11:verbosity=1 %t.d/prog 2>&1 | FileCheck --check-prefix=LEASED %s
// LEASED: leased={{[1-9]}}
// RUN: env SCHEDSAN_OPTIONS=strategy=pct:seed=5:leases=0:coverage_file=%t.d/c10 %t.d/prog
// RUN: diff %t.d/t1 %t.d/t2
// RUN: diff %t.d/c9 %t.d/c10
//
// One thread: nothing races.
// RUN: %schedsan_cc -O1 %s -DONE_THREAD -o %t.d/one
// RUN: env SCHEDSAN_OPTIONS=coverage_file=%t.d/c0 %t.d/one
// RUN: FileCheck --check-prefix=ONE --match-full-lines %s < %t.d/c0
// ONE: # schedsan coverage v1
// ONE-NOT: {{.}}
//
// A failing run writes its pairs before the report ends it.
// RUN: env SCHEDSAN_OPTIONS=strategy=random:seed=3:coverage_file=%t.d/cf:trace_dir=%t.d not %t.d/prog fail 2> /dev/null
// RUN: grep -vc '^#' %t.d/cf | FileCheck --check-prefix=FAIL %s
// FAIL: 2
//
// A file that cannot be written stops the program before it starts.
// RUN: env SCHEDSAN_OPTIONS=coverage_file=%t.d/no/such/dir/c not %t.d/prog > %t.d/out 2>&1
// RUN: FileCheck --check-prefix=UNWRITABLE %s < %t.d/out
// UNWRITABLE: ERROR: ScheduleSanitizer: cannot write coverage_file={{.*}}/no/such/dir/c: No such file or directory in SCHEDSAN_OPTIONS
#include <assert.h>
#include <pthread.h>
#include <string.h>

pthread_barrier_t bar;
int x, y, fail;

static void *w1(void *a) {
  pthread_barrier_wait(&bar);
  x = 1 + y;
  return a;
}

static void *w2(void *a) {
  pthread_barrier_wait(&bar);
  x = 2 + y;
  assert(!fail);
  return a;
}

int main(int argc, char **argv) {
  fail = argc > 1 && !strcmp(argv[1], "fail");
#ifdef ONE_THREAD
  x = y + 1;
  return x == 0;
#else
  pthread_t a, b;
  pthread_barrier_init(&bar, 0, 2);
  pthread_create(&a, 0, w1, 0);
  pthread_create(&b, 0, w2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
#endif
}
