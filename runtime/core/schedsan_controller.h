//===- schedsan_controller.h - Picks instead of the strategy ----*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_controller.h
//
// DESCRIPTION:
//    A controller decides the run's picks instead of the strategy while
//    rt.controller is set: a test script (script/schedsan_script.h) sets it
//    when its run begins and clears it when the script returns. While it
//    is set every event is a decision: no lease, no point passed without
//    one (schedsan_decision.h).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CONTROLLER_H
#define SCHEDSAN_CONTROLLER_H

#include "core/schedsan_rt.h"

namespace schedsan {

// What a controller decides at a scheduling point.
struct ControlPick {
  enum Action {
    Run,        // next goes on
    Done,       // the controller is done: schedule as without one
    WaitRejoin, // wait for a thread the watchdog released, then ask again
    Retry,      // the virtual clock moved: compute who is enabled again
    Timeout     // the run ends as a script timeout, for this reason
  } action = Done;
  ThreadState *next = nullptr;
  const char *timeout = nullptr;
};

struct Controller {
  // At a scheduling point (From: the thread that reached it, null if none).
  ControlPick (*pick)(ThreadState *From);
  // The thread it picked performs its pending event.
  void (*picked)(ThreadState *Next);
};

} // namespace schedsan

#endif // SCHEDSAN_CONTROLLER_H
