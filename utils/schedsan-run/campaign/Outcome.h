//===- Outcome.h - What one run's end and stderr say ------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/campaign/Outcome.h
//
// DESCRIPTION:
//    Turns a finished run (how it ended, the tail of its stderr) into a
//    RunRecord: pass or fail, and for a failure its kind and location (the
//    signature) and its schedule trace. A run fails when it exits non-zero,
//    dies from a signal, or prints a sanitizer report of its own, whatever
//    its exit status (exitcode=0, halt_on_error=0, recover mode):
//    ==PID==ERROR: ...Sanitizer: ... (ASan, LSan, schedsan), WARNING:
//    ThreadSanitizer: ..., or UBSan's FILE:L:C: runtime error: ... (whose
//    signature is "UndefinedBehaviorSanitizer: <words of the message> at
//    FILE:L:C"; LeakSanitizer's is its first frame outside the allocator).
//    A run the runner killed at its deadline is a timeout; one that exits 0
//    after the runtime's "script timeout" line is neither a pass nor a
//    failure (a test script's select was not satisfied). Lines read (the
//    runtime's formats, runtime/report/schedsan_report.cpp and
//    schedsan_state.cpp, with the words and keys of
//    include/schedsan/schedsan_protocol.h):
//      ==PID==schedsan: strategy=S seed=N threads=T steps=S ... k=K
//                        replayable=yes      (verbosity=1, at exit)
//      ==PID==ERROR: ScheduleSanitizer: <kind> (pid=PID)
//        strategy=S seed=N steps=S threads=T switches=W preemptions=P
//      SUMMARY: <Tool>: <kind> <location>   (schedsan's or a sanitizer's)
//      ==PID==ScheduleSanitizer: the error above happened under ...
//      ==PID==Schedule trace: <path>
//      ==PID==ScheduleSanitizer: script timeout: <what>
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_OUTCOME_H
#define SCHEDSAN_RUN_OUTCOME_H

#include "campaign/Exec.h"
#include "results/Results.h"

#include <string>

namespace schedsan::run {

// Fills R (status, exit, stats, kind, location) from E and Stderr; sets
// TracePath to the trace the runtime reported ("" if none).
void classifyRun(const ProcessEnd &E, const std::string &Stderr, double Timeout,
                 RunRecord &R, std::string &TracePath);

// What follows the first "ERROR: ScheduleSanitizer: " in Text, up to the
// end of its line; "" if there is none. An error that ends in
// " in SCHEDSAN_OPTIONS" is the runtime refusing an option.
std::string runtimeError(const std::string &Text);

// The value of Key= in the runtime's one-line summary at exit
// (==PID==schedsan: ..., verbosity=1) of process Pid in Stderr; "" if none.
std::string summaryField(const std::string &Stderr, int Pid, const char *Key);
// The value of `Key=` in a line of space-separated key=value words, or "".
std::string lineField(const std::string &Line, const char *Key);

// The last Max bytes of a file ("" if it cannot be read).
std::string readTail(const std::string &Path, size_t Max);

} // namespace schedsan::run

#endif
