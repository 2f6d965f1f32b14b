//===- schedsan_check.h - A check's run, in its child ----------*- C++ -*-===//
//
// FILE:
//    runtime/check/schedsan_check.h
//
// DESCRIPTION:
//    Each run of a check (<schedsan/check.h>) starts in a child the check
//    forked (schedsan_check_parent.cpp) from a process that started
//    uncontrolled (schedsan_check_mode.h): the calling thread becomes the
//    run's main thread, the body runs, and the run ends as a program's
//    does when main returns.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CHECK_H
#define SCHEDSAN_CHECK_H

#include <stdint.h>

namespace schedsan {

// In a check's child: the run starts now, with Options ("k=v:k=v") after
// SCHEDSAN_OPTIONS; a report's replay line is Replay; the k the run
// measures goes to *KSink (schedsan_check_mode.h).
void startCheckRun(const char *Options, const char *Replay, uint64_t *KSink);
// The body returned: the run waits for the threads the body left joinable
// (one that never ends is a deadlock or a livelock), then ends as at main's
// return (a last scheduling point, the run's end, exit status 0); the
// program's exit handlers, which belong to the parent, do not run.
[[noreturn]] void endCheckRun();

} // namespace schedsan

#endif // SCHEDSAN_CHECK_H
