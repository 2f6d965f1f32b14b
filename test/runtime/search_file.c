// search_file: a run follows the choices the file holds, then writes the
// ones it made back (value/count words), on a clean exit and on a report;
// a prefix the run cannot follow gets one warning naming the file; bad
// search options stop the program naming the key.
//
// No file: every choice is fresh, the first alternative (keep running).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %schedsan_cc -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=strategy=dfs:search_file=%t.d/f %t
// RUN: FileCheck --check-prefix=FIRST --match-full-lines %s < %t.d/f
// FIRST: 0/2 0/3 0/2 0/2 0/2 0/2 0/2 0/2
//
// A prefix is followed: 1/2 switches to T1 right after it is created (a
// preemption); the record starts with the prefix and goes on with fresh
// choices.
// RUN: echo '1/2' > %t.d/f
// RUN: env SCHEDSAN_OPTIONS=strategy=dfs:search_file=%t.d/f:verbosity=1 %t 2>&1 | FileCheck --check-prefix=PREEMPT %s
// PREEMPT: strategy=dfs {{.*}} preemptions=1
// RUN: FileCheck --check-prefix=PREFIX --match-full-lines %s < %t.d/f
// PREFIX: 1/2 0/2 0/2 0/2 0/2 0/2 0/2
//
// The lost update: main blocks in the join, T1 loads, T2 runs to its end,
// T1 stores. The record is written before the report ends the run.
// RUN: echo '0/2 0/3 0/2 0/2 1/2' > %t.d/f
// RUN: env SCHEDSAN_OPTIONS=strategy=dfs:search_file=%t.d/f %t > %t.out 2>&1; test $? = 66
// RUN: FileCheck --check-prefix=BUG %s < %t.out
// BUG: SUMMARY: ScheduleSanitizer: assertion failure
// BUG-NOT: WARNING
// RUN: FileCheck --check-prefix=BUGREC --match-full-lines %s < %t.d/f
// BUGREC: 0/2 0/3 0/2 0/2 1/2 0/2 0/2 0/2
//
// A prefix whose numbers of alternatives differ from the run's, or that is
// longer than the run's choices, was not made by this program: one warning,
// naming the file. The record is still the run's own (a value past the
// run's alternatives is clamped to the last: 4/5 became 2/3).
// RUN: echo '0/5 4/5' > %t.d/f
// RUN: env SCHEDSAN_OPTIONS=strategy=dfs:search_file=%t.d/f %t 2>&1 | FileCheck --check-prefix=DIVERGED %s
// DIVERGED: WARNING: ScheduleSanitizer: the run did not follow the choices in search_file={{.*}}/f (2 of them, 6 made)
// DIVERGED-NOT: WARNING
// RUN: FileCheck --check-prefix=CLAMPED --match-full-lines %s < %t.d/f
// CLAMPED: 0/2 2/3 0/3 0/3 0/3 0/2
// RUN: echo '0/2 0/3 0/2 0/2 0/2 0/2 0/2 0/2 0/2' > %t.d/f
// RUN: env SCHEDSAN_OPTIONS=strategy=dfs:search_file=%t.d/f %t 2>&1 | FileCheck --check-prefix=LONG %s
// LONG: WARNING: ScheduleSanitizer: the run did not follow the choices in search_file={{.*}}/f (9 of them, 8 made)
//
// The file must hold value/count words (value below count, count >= 2).
// RUN: echo '2/2' > %t.d/f
// RUN: env SCHEDSAN_OPTIONS=strategy=dfs:search_file=%t.d/f %t > %t.out 2>&1; test $? = 2
// RUN: FileCheck --check-prefix=BADFILE %s < %t.out
// BADFILE: ERROR: ScheduleSanitizer: cannot read search_file={{.*}}/f: not a list of value/count choices
//
// RUN: env SCHEDSAN_OPTIONS=search=bfs %t > %t.out 2>&1; test $? = 2
// RUN: FileCheck --check-prefix=SEARCH %s < %t.out
// SEARCH: bad value 'bfs' for option 'search' (accepted: dfs, random) in SCHEDSAN_OPTIONS
// RUN: env SCHEDSAN_OPTIONS=preemption_bound=-2 %t > %t.out 2>&1; test $? = 2
// RUN: FileCheck --check-prefix=BOUND %s < %t.out
// BOUND: bad value '-2' for option 'preemption_bound' (accepted: -1..1073741824)
#include <assert.h>
#include <pthread.h>

volatile int Counter;

static void *inc(void *P) {
  int V = Counter;
  Counter = V + 1;
  return P;
}

int main(void) {
  pthread_t A, B;
  pthread_create(&A, 0, inc, 0);
  pthread_create(&B, 0, inc, 0);
  pthread_join(A, 0);
  pthread_join(B, 0);
  assert(Counter == 2);
  return 0;
}
