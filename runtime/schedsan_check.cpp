//===- schedsan_check.cpp - A check's run, in its child -------------------===//
//
// FILE:
//    runtime/schedsan_check.cpp
//
// DESCRIPTION:
//    The start and the end of a check's run (schedsan_check.h). The
//    parent's side (fork, wait, timeout, result) is
//    schedsan_check_parent.cpp.
//===----------------------------------------------------------------------===//
#include "schedsan_check.h"
#include "schedsan_check_mode.h"
#include "schedsan_flags.h"
#include "schedsan_init.h"
#include "schedsan_interceptors.h"

#include <stdio.h>
#include <unistd.h>

namespace schedsan {

void startCheckRun(const char *Options, const char *Replay, uint64_t *KSink) {
  enterCheckRun(Replay, KSink);
  addRunOptions(Options);
  startMainRun();
}

void endCheckRun() {
  // As at main's return: a last point (other threads may run first), then
  // the run's end through the _exit interceptor (finalize).
  InterceptedCall Call(nullptr);
  if (Call)
    Call.point(EventKind::ThreadExit, nullptr);
  fflush(nullptr);
  _exit(0);
}

} // namespace schedsan
