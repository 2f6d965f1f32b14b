// The PCT paper's Fig. 5 (ASPLOS'10 §2.4) as a real program, m = n = 40:
// two threads with two bugs of depth 1 that random walk practically never
// finds and PCT with d = 1 always finds.
//
// Thread 1 is the main thread. Its events, in order: create Thread 2, read
// b (the assertion), m volatile writes of steps1, write a, then the read of
// the pthread_t, the join and the process exit. Thread 2: its start event,
// read a, n volatile writes of steps2, write b, exit. Every access is a
// scheduling point of its own (volatile: never merged into an update event,
// never combined by the optimizer). bug1 = Thread 1's assertion fails (all
// of Thread 2 ran before it), bug2 = Thread 2's.
//
// Exact per-run probabilities for this program (benchmarks/real/real-model.cpp
// computes them by dynamic programming, and benchmarks/RESULTS.md "Strategies
// on real programs" compares them with measured ratios):
// - random walk: bug1 needs Thread 2's n+3 events (start included) before
//   main's read of b, both threads enabled at each point: 2^-(n+3); bug2
//   needs main's m+2 events before Thread 2's read of a, Thread 2 having
//   its start event to spend: (m+4) 2^-(m+3). m = n = 40: 1.1e-13 and
//   5.0e-12, together 5.12e-12 per run.
// - pct d=1: no change points, so the thread with the higher priority runs
//   until it blocks or ends: main higher: main sets a = 0 and blocks in the
//   join, then Thread 2 fails (bug2); Thread 2 higher: it runs completely as
//   soon as it exists, then main fails (bug1). Each bug 1/2, a bug in every
//   run (the paper: "PCT finds both these bugs with probability 1/2").
//
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
//
// Random walk misses both bugs in 200 seeds. P(false failure) = 1 - (1 -
// 5.12e-12)^200 = 1.0e-9.
// RUN: cd %t.d && env SEEDS_OPTIONS=strategy=random %seeds 200 %t | FileCheck --check-prefix=RANDOM %s
// RANDOM: 200 seeds passed
//
// PCT d=1 hits a bug in at least 10 of 20 seeds. Per run P(bug) = 1 (see
// above), so P(false failure) = 0; the check allows the paper's "1/2 per
// bug" reading (fewer than 10 of 20 at p = 1/2: 0.41, which is why the
// per-bug check below uses 60 seeds).
// RUN: cd %t.d && env SEEDS_OPTIONS=strategy=pct:depth=1 %hits 20 %t | FileCheck --check-prefix=PCT %s
// PCT: hits={{1[0-9]|20}} of 20 first=1
//
// Each bug separately: in 60 seeds every run fails, and each bug is found
// at least 10 times. With P(bug1) = P(bug2) = 1/2 per run, P(false failure)
// = 2 P(Bin(60, 1/2) <= 9) = 3.1e-8.
// RUN: cd %t.d && for s in $(seq 1 60); do out=$(env SCHEDSAN_OPTIONS=strategy=pct:depth=1:seed=$s %t 2>&1); echo "rc=$? $(grep -m1 -o 'bug[12]:' <<<"$out")"; done | sort | uniq -c > %t.pct
// RUN: FileCheck --check-prefix=PERBUG %s < %t.pct
// PERBUG-NOT: rc=0
// PERBUG: {{^ *[1-5][0-9] rc=66 bug1:$}}
// PERBUG-NEXT: {{^ *[1-5][0-9] rc=66 bug2:$}}
// PERBUG-NOT: rc=
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

volatile int a = 1, b = 1;
volatile long steps1, steps2;

static void *thread2(void *arg) {
  long n = (long)arg;
  assert(a != 0 && "bug2: Thread 1 finished before Thread 2 started");
  for (long i = 1; i <= n; ++i)
    steps2 = i;
  b = 0;
  return 0;
}

// usage: real-fig5 [m [n]] (default 40 40)
int main(int argc, char **argv) {
  long m = argc > 1 ? atol(argv[1]) : 40;
  long n = argc > 2 ? atol(argv[2]) : m;
  pthread_t t2;
  pthread_create(&t2, 0, thread2, (void *)n);
  // Thread 1.
  assert(b != 0 && "bug1: Thread 2 finished before Thread 1 started");
  for (long i = 1; i <= m; ++i)
    steps1 = i;
  a = 0;
  pthread_join(t2, 0);
  return 0;
}
