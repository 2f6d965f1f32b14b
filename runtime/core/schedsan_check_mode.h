//===- schedsan_check_mode.h - Whether a check defers the run --*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_check_mode.h
//
// DESCRIPTION:
//    A program that uses <schedsan/check.h> (it defines
//    __schedsan_check_used) starts uncontrolled: no thread is registered,
//    so every hook and interceptor passes through, until a check forks a
//    child per run (schedsan_check.h). This module decides that at
//    start-up, and knows whether the process is a check's run, the replay
//    line its report prints and where its measured k goes.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CHECK_MODE_H
#define SCHEDSAN_CHECK_MODE_H

#include <stdint.h>

namespace schedsan {

// At init: whether the run is deferred. It is when the program uses
// check.h and the process is not one run of a runner already (a fork
// server's, or one whose SCHEDSAN_OPTIONS names its seed).
bool checkDefersRun();
// Whether the process started uncontrolled (checkDefersRun said so).
bool checkDeferred();

// The process becomes a check's run (in the child); a report's replay line
// is then Replay, and the k the run measures (PCT's: the points with more
// than one enabled thread) goes to *KSink at its end, for the parent.
void enterCheckRun(const char *Replay, uint64_t *KSink);
void noteCheckRunK(uint64_t K); // at the run's end (finalize)
bool inCheckRun();
const char *checkReplayCommand(); // null outside a check's run

} // namespace schedsan

#endif // SCHEDSAN_CHECK_MODE_H
