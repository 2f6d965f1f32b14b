//===- schedsan_bug.h - Bugs the runtime reports ----------------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_bug.h
//
// DESCRIPTION:
//    Reports in the sanitizer shape:
//      ==PID==ERROR: ScheduleSanitizer: <kind> (pid=PID)
//      <each thread's state, location and stack (schedsan_stack.h)>
//      SUMMARY: ScheduleSanitizer: <kind> <location of the bug>
//      ==PID==Schedule trace: <file>
//      ==PID==Replay: SCHEDSAN_OPTIONS=... <command>
//    and the run's one-line summary (verbosity>=1).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_BUG_H
#define SCHEDSAN_BUG_H

#include "strategy/Strategy.h"

namespace schedsan {

enum class BugKind { Abort, Assertion, Signal, Deadlock, Livelock, Timeout };

// Where a bug comes from, as far as its caller knows: the return address
// into the program's code of the call that failed (abort, __assert_fail),
// a fatal signal's faulting instruction, and an assertion's own file,
// line and function.
struct BugOrigin {
  const void *pc = nullptr;
  const void *fault_pc = nullptr; // a fatal signal's faulting instruction
  const char *file = nullptr;
  unsigned line = 0;
  const char *function = nullptr;
};

// Reports a bug found in this run and exits with flags.exitcode. Detail is
// the kind's own line (assertion text, signal name), may be null. The
// report shows the failing thread's stack and every other thread's where
// it waits; its SUMMARY line names the bug's location (its signature).
[[noreturn]] void reportBug(BugKind Kind, const char *Detail,
                            const BugOrigin &Origin = BugOrigin());

// A run that exits with a non-zero status found a failure the program saw
// itself, and one with a sanitizer finding in recover mode a failure the
// sanitizer saw: prints its schedule trace and replay command (no report).
// Nothing for a clean run.
void reportFailedExit(int Status);

// A linked compiler-rt sanitizer is about to end the process after its own
// report (its death callback): the schedule that led there, the trace and
// the replay command.
void reportSanitizerDeath();

// With verbosity>=1, the run's one-line summary (also after a report, so
// a failing run tells its counts too: schedsan run's calibration reads k).
void printRunSummary(const RunSummary &S);
// A test script's select cannot be satisfied: the run ends (exit status
// 0) as neither a bug nor a pass, with the line the runner counts.
[[noreturn]] void reportScriptTimeout(const char *What);

} // namespace schedsan

#endif // SCHEDSAN_BUG_H
