// OpenMP tasks wait in the schedule: libomp's `taskwait` and the end of a
// `taskgroup` (so `taskloop`) spin on counts in code the pass did not
// instrument, and the waiting thread used to keep the turn until the
// watchdog released it a second later, the run no longer exactly
// replayable (about half the runs of each mode but `if0`). The runtime, an
// OMPT tool, counts each task's children and each group's tasks and waits
// for them with scheduling points. Every run passes and is exactly
// replayable (no `note` line), under four strategies and with 2 and 3
// threads (`untied` with 2 only: with 3 threads the program hangs natively,
// 46 of 200 runs of a plain clang build, and the runtime reports the
// hang as a livelock).
// REQUIRES: openmp
// RUN: %schedsan_cc -g -O1 -fopenmp %s -o %t
// RUN: for m in fib if0 final untied taskloop taskgroup nested; do for s in random pos pct rff; do %bindir/schedsan run -n 20 -j 1 --strategy $s -o symbolize=0 -- %t $m || exit 1; test $m = untied || %bindir/schedsan run -n 10 -j 1 --strategy $s -o symbolize=0 -- %t $m 3 || exit 1; done; done > %t.txt 2>&1
// RUN: not grep -E '^  note' %t.txt
// RUN: grep -c 'result    20 passed, 0 failed, 0 timed out$' %t.txt | FileCheck --check-prefix=N20 %s
// N20: {{^}}28{{$}}
// RUN: grep -c 'result    10 passed, 0 failed, 0 timed out$' %t.txt | FileCheck --check-prefix=N10 %s
// N10: {{^}}24{{$}}
//
// A lost update between two tasks is found, and its replay follows the
// schedule exactly.
// RUN: %bindir/schedsan run -n 200 -j 1 --strategy random -o symbolize=0 --out %t.race -- %t race > %t.race.txt 2>&1; test $? = 1
// RUN: FileCheck --check-prefix=RACE %s < %t.race.txt
// RACE: failure 1 of 1: abort at {{.*}}openmp_tasks.c
// RUN: sed -n 's/^  replay    //p' %t.race.txt | head -1 > %t.replay.sh
// RUN: sh %t.replay.sh > %t.replay.txt 2>&1; test $? = 1
// RUN: FileCheck --check-prefix=REPLAY %s < %t.replay.txt
// REPLAY: the replayed run failed {{.*}}(the schedule was followed exactly)
#include <assert.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// fib(n) with each call's first child made by Mode: 0 a deferred task, 1
// undeferred (if(0)), 2 final below 5 (included) and mergeable, 3 untied.
static int fib(int n, int Mode) {
  if (n < 2)
    return n;
  int a, b;
  if (Mode == 1) {
#pragma omp task shared(a) if (0)
    a = fib(n - 1, Mode);
  } else if (Mode == 2) {
#pragma omp task shared(a) final(n < 5) mergeable
    a = fib(n - 1, Mode);
  } else if (Mode == 3) {
#pragma omp task shared(a) untied
    a = fib(n - 1, Mode);
  } else {
#pragma omp task shared(a)
    a = fib(n - 1, Mode);
  }
#pragma omp task shared(b)
  b = fib(n - 2, Mode);
#pragma omp taskwait
  return a + b;
}

static long run(const char *M) {
  static const char *const Fibs[] = {"fib", "if0", "final", "untied"};
  for (int I = 0; I != 4; ++I)
    if (!strcmp(M, Fibs[I]))
      return fib(9, I);
  if (!strcmp(M, "taskloop")) {
    long s = 0;
#pragma omp taskloop reduction(+ : s) grainsize(4)
    for (int i = 0; i < 64; i++)
      s += i;
    return s == 2016 ? 34 : -1;
  }
  if (!strcmp(M, "taskgroup") || !strcmp(M, "nested")) {
    // The group waits for its tasks' descendants too; "nested": a group
    // inside a task of an outer group.
    int x = 0, y = 0, z = 0;
#pragma omp taskgroup
    {
#pragma omp task shared(x, y, z)
      {
#pragma omp task shared(y)
        y = 1;
        if (!strcmp(M, "nested")) {
#pragma omp taskgroup
          {
#pragma omp task shared(z)
            z = 32;
          }
          assert(z == 32);
        } else {
          z = 32;
        }
        x = 1;
      }
    }
    return x + y + z;
  }
  if (!strcmp(M, "race")) { // two tasks add to one counter unguarded
    volatile int n = 0;
#pragma omp task shared(n)
    n = n + 1;
#pragma omp task shared(n)
    n = n + 1;
#pragma omp taskwait
    if (n != 2) {
      fprintf(stderr, "lost an update: n = %d\n", n);
      abort();
    }
    return 34;
  }
  fprintf(stderr, "unknown mode %s\n", M);
  exit(2);
}

int main(int argc, char **argv) {
  long r = 0;
#pragma omp parallel num_threads(argc > 2 ? 3 : 2)
#pragma omp single
  r = run(argv[1]);
  return r != 34;
}
