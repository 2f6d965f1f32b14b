// An ExactSchedule script (both workers read the counter before either
// writes it) makes the lost update happen in every run, 20 seeds out of
// 20; the report names the script, and its trace replays the failure
// without the script. A script with choices (the random oracle) makes the
// same choices for the same seed.
// RUN: %script_cxx -O1 -g %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: for s in $(seq 1 20); do env SCHEDSAN_OPTIONS=script=Exact:seed=$s:symbolize=0 %t 2>&1; echo "exit=$?"; done > %t.out
// RUN: FileCheck %s --check-prefix=EXACT < %t.out
// EXACT-COUNT-20: test script Exact (returned)
// RUN: grep -c "exit=66" %t.out | FileCheck %s --check-prefix=TWENTY
// TWENTY: 20
// RUN: not env SCHEDSAN_OPTIONS=script=Exact:replay=$(ls %t.d/*.trace | head -1):symbolize=0 %t 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: assertion failure
// REPLAY: test script Exact (not run: the trace decides)
// RUN: env SCHEDSAN_OPTIONS=script=Choices:seed=3:symbolize=0 %t > %t.c1 2>&1 || true
// RUN: env SCHEDSAN_OPTIONS=script=Choices:seed=3:symbolize=0 %t > %t.c2 2>&1 || true
// RUN: grep "choices" %t.c1 > %t.l1 && grep "choices" %t.c2 > %t.l2 && cmp %t.l1 %t.l2
// RUN: FileCheck %s --check-prefix=CHOICES < %t.l1
// CHOICES: test script Choices (still running), choices {{([01]/2 ?)+$}}
#include <assert.h>
#include <pthread.h>
#include <schedsan/script.h>
using namespace schedsan::script;

volatile int counter;
void *inc(void *) {
  int t = counter;
  counter = t + 1;
  return nullptr;
}

SCHEDSAN_SCRIPT(Exact) {
  std::vector<Tid> T = WaitForDistinctThreads(2, ThreadStarts);
  RunThreadUntil(T[0], ReadsMem(&counter));
  RunThreadUntil(T[1], ReadsMem(&counter));
  RunThreadUntil(T[0], WritesMem(&counter));
  RunThreadUntil(T[1], WritesMem(&counter));
}

// The two threads' accesses in an order the oracle chooses.
SCHEDSAN_SCRIPT(Choices) {
  std::vector<Tid> T = WaitForDistinctThreads(2, ThreadStarts);
  while (!HasEnded(T[0]) || !HasEnded(T[1]))
    RunThreadUntil(ChooseThread(T), ReadsMem || WritesMem || ThreadEnds);
  // A script may check the program's state; here every run fails, so
  // that the report shows the choices.
  assert(false && "report the choices");
}

int main() {
  pthread_t a, b;
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, inc, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2);
  return 0;
}
