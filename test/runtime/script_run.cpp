// schedsan run --script: a depth-first search over a script's choices
// finds the lost update, says how many schedules it explored, and prints a
// replay line that replays the failure exactly from its trace; run on
// with --count it explores every schedule and says the search is
// complete. --search random is an ordinary seeded campaign, never
// complete. SCHEDSAN_OPTIONS=script=Name:seed=S runs one schedule.
// RUN: %script_cxx -O1 -g %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: %bindir/schedsan run --script Search --out %t.d/bug -- %t > %t.bug 2>&1 || true
// RUN: FileCheck %s --check-prefix=BUG < %t.bug
// BUG: options script=Search search=dfs
// BUG: result 1 passed, 1 failed, 0 timed out, 0 script timeouts: 1 signature
// BUG: search 2 schedules explored; not complete: stopped at the first failure
// BUG: failure 1 of 1: assertion failure at {{.*}}script_run.cpp:[[#]] in main()
// RUN: grep "^  replay" %t.bug | sed 's/^  replay *//' > %t.replay
// RUN: sh %t.replay > %t.rout 2>&1 || true
// RUN: FileCheck %s --check-prefix=REPLAY < %t.rout
// REPLAY: the replayed run failed (exit status 66: assertion failure at {{.*}}script_run.cpp:[[#]] in main()) (the schedule was followed exactly)
// The same with skip_unconflicted_rmw_writes=1, which a script turns off
// in the recorded run and in its replay alike.
// RUN: %bindir/schedsan run --script Search -o skip_unconflicted_rmw_writes=1 --out %t.d/skip -- %t > %t.skip 2>&1 || true
// RUN: FileCheck %s --check-prefix=SKIP < %t.skip
// SKIP: options skip_unconflicted_rmw_writes=1 script=Search search=dfs
// SKIP: failure 1 of 1: assertion failure at {{.*}}script_run.cpp:[[#]] in main()
// RUN: grep "^  replay" %t.skip | sed 's/^  replay *//' > %t.skip.replay
// RUN: sh %t.skip.replay > %t.skip.rout 2>&1 || true
// RUN: FileCheck %s --check-prefix=REPLAY < %t.skip.rout
// RUN: %bindir/schedsan run --script Search --count --json %t.d/all.json --out %t.d/all -- %t > %t.all 2>&1 || true
// RUN: FileCheck %s --check-prefix=ALL < %t.all
// ALL: search 20 schedules explored; the search is complete: every schedule the script allows
// RUN: %bindir/schedsan run --script Search --search random -n 50 --count -- %t > %t.rnd 2>&1 || true
// RUN: FileCheck %s --check-prefix=RANDOM < %t.rnd
// RANDOM: options script=Search search=random
// RANDOM: search 50 schedules explored; --search random is never complete
// RUN: env SCHEDSAN_OPTIONS=script=Search:seed=5:verbosity=1 %t > %t.one 2>&1 || true
// RUN: FileCheck %s --check-prefix=ONE < %t.one
// ONE: strategy=random seed=5
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

// Each worker's read, write and end, in every order: C(6, 3) = 20.
SCHEDSAN_SCRIPT(Search) {
  std::vector<Tid> T = WaitForDistinctThreads(2, ThreadStarts);
  while (!HasEnded(T[0]) || !HasEnded(T[1]))
    RunThreadUntil(ChooseThread(T), ReadsMem || WritesMem || ThreadEnds);
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
