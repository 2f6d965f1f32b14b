// What schedsan::check refuses, and its timeouts: a body that hangs is
// killed after timeout_ms and reported with its seed; bad options are
// refused naming them; so are a call from another thread than main and a
// call inside a check's body. In a process that is one controlled run
// already (a seed in SCHEDSAN_OPTIONS, `schedsan run`) the body runs once.
//
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %schedsan_cxx -I%src_root/include -g -O1 %s -o %t
//
// RUN: %t timeout > %t.timeout 2>&1
// RUN: FileCheck --check-prefix=TIMEOUT %s < %t.timeout
// TIMEOUT: before the hang
// TIMEOUT: ERROR: ScheduleSanitizer: check 'hang': run 1 of 3, seed=10 (random), timed out after 300 ms (killed)
// TIMEOUT-NEXT: Replay the check: SCHEDSAN_CHECK_REPLAY='hang seed=10' {{.*}}refusals.cpp.tmp timeout
// TIMEOUT: FAIL outcome=2 seed=10 check 'hang'
//
// RUN: %t options 2>&1 | FileCheck --check-prefix=OPTIONS %s
// OPTIONS: ERROR: ScheduleSanitizer: check: bad value 'bogus' for option 'strategy' (accepted: portfolio, random, pct,
// OPTIONS: FAIL outcome=3 seed=0 bad value 'bogus' for option 'strategy'
// OPTIONS: FAIL outcome=3 seed=0 option 'depth=2' needs option 'strategy'
// OPTIONS: FAIL outcome=3 seed=0 bad value 1001 for option 'depth' (accepted: 1 to 1000)
// OPTIONS: PASS outcome=0 seed={{[0-9]+}} check 'pct d=2': 5 runs, no failure
//
// RUN: env SCHEDSAN_CHECK_RUNS=many %t pass 2>&1 | FileCheck --check-prefix=RUNS %s
// RUNS: FAIL outcome=3 seed=0 bad value 'many' for SCHEDSAN_CHECK_RUNS (a number of runs, at least 1)
// RUN: env SCHEDSAN_CHECK_REPLAY=nonsense %t pass 2>&1 | FileCheck --check-prefix=REPLAYENV %s
// REPLAYENV: FAIL outcome=3 seed=0 bad value 'nonsense' for SCHEDSAN_CHECK_REPLAY (expected '<check name> seed=<N>')
// RUN: env SCHEDSAN_CHECK_REPLAY='other seed=3' %t pass 2>&1 | FileCheck --check-prefix=SKIP %s
// SKIP: PASS outcome=4 seed=0 skipped: SCHEDSAN_CHECK_REPLAY replays another check
//
// RUN: %t thread 2>&1 | FileCheck --check-prefix=THREAD %s
// THREAD: FAIL outcome=3 seed=0 check 'from a thread' called from a thread other than the main thread
//
// RUN: %t nested 2>&1 | FileCheck --check-prefix=NESTED %s
// NESTED: ERROR: ScheduleSanitizer: check: check 'inner' called inside the body of a check
// NESTED: ERROR: ScheduleSanitizer: abort
// NESTED: FAIL outcome=1 seed=0 check 'outer': run 1 of 1
//
// One controlled run already: the body runs once, in it.
// RUN: env SCHEDSAN_OPTIONS=seed=3 %t pass 2>&1 | FileCheck --check-prefix=ONCE %s
// ONCE: PASS outcome=5 seed=0 check 'pass': ran once, in this process's run (strategy=random seed=3)
// RUN: %bindir/schedsan run -n 4 %t pass 2>&1 | FileCheck --check-prefix=RUNNER %s
// RUNNER: 4 passed, 0 failed
#include <schedsan/check.h>

#include <mutex>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <thread>
#include <unistd.h>

static std::mutex M;
static volatile int Shared;

static void show(const schedsan::Result &R) {
  printf("%s outcome=%d seed=%llu %s\n", R ? "PASS" : "FAIL", R.outcome,
         (unsigned long long)R.seed, R.message.c_str());
  fflush(stdout);
}

static void locked() {
  std::thread T([] {
    std::lock_guard<std::mutex> G(M);
    Shared = Shared + 1;
  });
  {
    std::lock_guard<std::mutex> G(M);
    Shared = Shared + 1;
  }
  T.join();
}

static schedsan::Options named(const char *Name) {
  schedsan::Options O{};
  O.name = Name;
  return O;
}

int main(int Argc, char **Argv) {
  const char *Mode = Argc > 1 ? Argv[1] : "";
  if (!strcmp(Mode, "timeout")) {
    schedsan::Options O = named("hang");
    O.runs = 3;
    O.seed_base = 10;
    O.timeout_ms = 300;
    show(schedsan::check(
        [] {
          printf("before the hang\n");
          fflush(stdout);
          pause(); // no scheduling point, no deadline: only a kill ends it
        },
        O));
  }
  if (!strcmp(Mode, "options")) {
    schedsan::Options O = named("bad");
    O.strategy = "bogus";
    show(schedsan::check(locked, O));
    O = named("bad");
    O.depth = 2;
    show(schedsan::check(locked, O));
    O.strategy = "pct";
    O.depth = 1001;
    show(schedsan::check(locked, O));
    O = named("pct d=2");
    O.strategy = "pct";
    O.depth = 2;
    O.runs = 5;
    show(schedsan::check(locked, O));
  }
  if (!strcmp(Mode, "pass"))
    show(schedsan::check(locked, named("pass")));
  if (!strcmp(Mode, "thread")) {
    std::thread T([] { show(schedsan::check(locked, named("from a thread"))); });
    T.join();
  }
  if (!strcmp(Mode, "nested")) {
    schedsan::Options O = named("outer");
    O.runs = 1;
    show(schedsan::check(
        [] {
          if (!schedsan::check(locked, named("inner")))
            abort();
        },
        O));
  }
  return 0;
}
