// schedsan::check in a plain C++ main: a correct body passes its 100 runs,
// a racy one fails at a fixed seed with the runtime's report and a replay
// command, and that command reproduces the report. The parent stays
// uncontrolled and sees none of the body's effects.
//
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %schedsan_cxx -I%src_root/include -g -O1 %s -o %t
// RUN: %t pass 2>&1 | FileCheck --check-prefix=PASS %s
// PASS: PASS check 'plain.cpp:[[#]]': 100 runs, no failure
//
// The lost update: found by seed 1, PCT d=2 (portfolio member 1 mod 6),
// from the k the first seed's run measured (the report says k=).
// The schedule of a seed is fixed, so the same run fails every time.
// RUN: %t bug > %t.bug 2>&1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug
// BUG: ERROR: ScheduleSanitizer: assertion failure
// BUG-NEXT: plain.cpp:[[#]]: {{.*}}Assertion `Counter == 2 && "lost update"' failed.
// BUG: strategy=pct seed=1 k={{[0-9]+}} steps={{[0-9]+}} threads=2
// BUG: [[SUMMARY:SUMMARY: ScheduleSanitizer: assertion failure .*plain.cpp:[0-9]+ .*]]
// BUG: ==[[#]]==Replay: SCHEDSAN_CHECK_REPLAY='plain.cpp:[[#]] seed=1' {{.*}}plain.cpp.tmp bug
// BUG: ERROR: ScheduleSanitizer: check 'plain.cpp:[[#]]': run 2 of 100, seed=1 (pct d=2), exited with status 66 (a report)
// BUG-NEXT: Replay the check: SCHEDSAN_CHECK_REPLAY='plain.cpp:[[#]] seed=1' {{.*}}plain.cpp.tmp bug
// BUG: FAIL check 'plain.cpp:[[#]]': run 2 of 100
// BUG-NEXT: parent's counter 0
//
// The printed command runs that check's seed alone: the same report.
// RUN: bash -c "$(sed -n 's/.*Replay the check: //p' %t.bug)" > %t.replay 2>&1
// RUN: FileCheck --check-prefix=REPLAY %s < %t.replay
// RUN: grep "^SUMMARY\|strategy=pct seed=1 " %t.bug > %t.bug.lines
// RUN: grep "^SUMMARY\|strategy=pct seed=1 " %t.replay > %t.replay.lines
// RUN: diff %t.bug.lines %t.replay.lines
// REPLAY: ERROR: ScheduleSanitizer: assertion failure
// REPLAY: ERROR: ScheduleSanitizer: check 'plain.cpp:[[#]]': run 1 of 1, seed=1 (pct d=2)
//
// The parent is not controlled: 200000 accesses and a thread of its own
// outside the check, under a step budget of 20000 that a controlled run
// would report as a livelock; the checks' runs stay far below it.
// RUN: env SCHEDSAN_OPTIONS=max_steps=20000 %t parent 2>&1 | FileCheck --check-prefix=PARENT %s
// PARENT-NOT: ScheduleSanitizer
// PARENT: parent work done
// PARENT-NEXT: PASS check 'plain.cpp:[[#]]': 100 runs, no failure
//
// A program that ignores SIGCHLD (its children reaped unseen) still gets
// its runs' ends: the check waits with the default disposition, and gives
// each run the program's.
// RUN: %t sigchld 2>&1 | FileCheck --check-prefix=REAP %s
// REAP: child ignores SIGCHLD: 1
// REAP: FAIL check 'plain.cpp:[[#]]': run 2 of 100, seed=1 (pct d=2)
// REAP-NEXT: parent ignores SIGCHLD: 1
//
// SCHEDSAN_CHECK_RUNS sets the runs of a check that sets none.
// RUN: env SCHEDSAN_CHECK_RUNS=7 %t pass 2>&1 | FileCheck --check-prefix=RUNS %s
// RUNS: PASS check 'plain.cpp:[[#]]': 7 runs, no failure
//
// Built without schedsan, the body runs once, natively (and the header
// compiles without warnings).
// RUN: %clangxx -I%src_root/include -Wall -Wextra -Wmissing-variable-declarations -Werror -g %s -o %t.plain -pthread
// RUN: %t.plain pass 2>&1 | FileCheck --check-prefix=NATIVE %s
// NATIVE: PASS check 'plain.cpp:[[#]]': ran once, natively (no schedsan runtime)
#include <schedsan/check.h>

#include <assert.h>
#include <mutex>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <thread>

#include "Inputs/counter.h"

static void show(const schedsan::Result &R) {
  printf("%s %s\n", R ? "PASS" : "FAIL", R.message.c_str());
  fflush(stdout);
}

static void twoIncrements(bool Locked) {
  std::thread T([Locked] { increment(Locked); });
  increment(Locked);
  T.join();
  assert(Counter == 2 && "lost update");
}

int main(int Argc, char **Argv) {
  const char *Mode = Argc > 1 ? Argv[1] : "";
  if (!strcmp(Mode, "pass"))
    show(schedsan::check([] { twoIncrements(true); }));
  if (!strcmp(Mode, "bug")) {
    show(schedsan::check([] { twoIncrements(false); }));
    printf("parent's counter %d\n", Counter);
  }
  if (!strcmp(Mode, "sigchld")) {
    signal(SIGCHLD, SIG_IGN);
    show(schedsan::check([] {
      struct sigaction Old;
      sigaction(SIGCHLD, nullptr, &Old);
      printf("child ignores SIGCHLD: %d\n", Old.sa_handler == SIG_IGN);
      fflush(stdout); // before the run aborts
      twoIncrements(false);
    }));
    struct sigaction Old;
    sigaction(SIGCHLD, nullptr, &Old);
    printf("parent ignores SIGCHLD: %d\n", Old.sa_handler == SIG_IGN);
  }
  if (!strcmp(Mode, "parent")) {
    std::thread T([] {
      for (int I = 0; I < 100000; ++I)
        Counter = Counter + 1;
    });
    for (int I = 0; I < 100000; ++I)
      Counter = Counter + 1;
    T.join();
    Counter = 0;
    printf("parent work done\n");
    show(schedsan::check([] { twoIncrements(true); }));
  }
  return 0;
}
