//===- schedsan_observer.h - What a run tells its observers -----*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_observer.h
//
// DESCRIPTION:
//    The scheduler knows no feature by name: what a feature needs to see of
//    a run (coverage's event pairs, reads-from pairs, the timeline's events,
//    the shared-sites check, decision sites, the searcher's choices, a test
//    script) it sees as an Observer, one file in observe/ (or script/) and
//    one line of the list in runtime/schedsan_observers.cpp. Each hook may
//    be null.
//
//    At a run's start (beginRun) every observer, in the list's order, first
//    prepares (reads its options and files; may hand the strategy what it
//    keeps: the choice log, the reads-from view), then, once the strategy's
//    run has begun, says whether it observes this run; only those that do
//    are told of picks and passes, through the lists the core keeps in
//    Runtime::observers. A run with no observer pays one test of an empty
//    list at a pick and at a step taken without the strategy.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_OBSERVER_H
#define SCHEDSAN_OBSERVER_H

#include "core/schedsan_rt.h"

namespace schedsan {

struct Observer {
  const char *name;
  // Before the strategy's run begins (O: the options it is given).
  void (*prepare)(StrategyOptions &O);
  // After: whether picked and passed are called in this run.
  bool (*begin_run)();
  // Whether it must see every step as a pick of its own: no leases while
  // it observes (the timeline's events, a test script).
  bool every_step;
  // Next performs its pending event at a scheduling point; From reached
  // the point (null: it left the run, or was set aside).
  void (*picked)(ThreadState *From, ThreadState *Next);
  // T performs its pending event without a pick: under a lease, or at a
  // point that is no decision (already counted in rt.steps).
  void (*passed)(ThreadState *T);
  // The run's files, once, at its end (exit, report, script timeout).
  void (*end_run)();
  // The program exits (finalize): before the exit's report, then after
  // the run's summary line.
  void (*exiting)(int Status);
  void (*exited)(int Status);
};

// The list, in order (runtime/schedsan_observers.cpp).
extern const Observer *const kObservers[];
extern const unsigned kNumObservers;

void observersPrepare(StrategyOptions &O);
void observersBeginRun();
void observersEndRun(); // once a run
void observersExiting(int Status);
void observersExited(int Status);

// The observers of this run that watch picks and passes.
void notePickedSlow(ThreadState *From, ThreadState *Next);
void notePassedSlow(ThreadState *T);
__attribute__((always_inline)) inline void notifyPicked(ThreadState *From,
                                                        ThreadState *Next) {
  if (__builtin_expect(rt.observers.num_picked != 0, 0))
    notePickedSlow(From, Next);
}
__attribute__((always_inline)) inline void notifyPassed(ThreadState *T) {
  if (__builtin_expect(rt.observers.num_passed != 0, 0))
    notePassedSlow(T);
}

} // namespace schedsan

#endif // SCHEDSAN_OBSERVER_H
