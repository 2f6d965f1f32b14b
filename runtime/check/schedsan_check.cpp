//===- schedsan_check.cpp - A check's run, in its child -------------------===//
//
// FILE:
//    runtime/check/schedsan_check.cpp
//
// DESCRIPTION:
//    The start and the end of a check's run (schedsan_check.h). The
//    parent's side (fork, wait, timeout, result) is
//    schedsan_check_parent.cpp.
//===----------------------------------------------------------------------===//
#include "check/schedsan_check.h"
#include "core/schedsan_check_mode.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_init.h"
#include "interceptors/schedsan_interceptors.h"

#include <stdio.h>
#include <unistd.h>

namespace schedsan {

void startCheckRun(const char *Options, const char *Replay, uint64_t *KSink) {
  enterCheckRun(Replay, KSink);
  addRunOptions(Options);
  startMainRun();
}

namespace {

// A thread the body started and neither joined nor detached, still live.
ThreadState *leftThread(const ThreadState *Main) {
  for (unsigned I = 0; I < rt.num_live; ++I)
    if (rt.live[I] != Main && !rt.live[I]->is_detached)
      return rt.live[I];
  return nullptr;
}

} // namespace

void endCheckRun() {
  // The body's end waits for each thread it left joinable, as a join
  // would: one that never ends is a deadlock (every thread blocked) or a
  // livelock, reported as such. Then, as at main's return, a last point
  // (detached threads may run first) and the run's end through the _exit
  // interceptor (finalize).
  InterceptedCall Call(nullptr);
  if (Call) {
    ThreadState *Main = Call.thread();
    while (ThreadState *Left = leftThread(Main)) {
      Call.publish(EventKind::ThreadJoin, Left);
      Main->join_target = Left;
      Call.schedule();
      Main->join_target = nullptr;
    }
    Call.point(EventKind::ThreadExit, nullptr);
  }
  fflush(nullptr);
  _exit(0);
}

} // namespace schedsan
