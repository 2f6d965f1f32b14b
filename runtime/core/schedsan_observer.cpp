//===- schedsan_observer.cpp - What a run tells its observers -------------===//
//
// FILE:
//    runtime/core/schedsan_observer.cpp
//
// DESCRIPTION:
//    See schedsan_observer.h.
//===----------------------------------------------------------------------===//
#include "core/schedsan_observer.h"

namespace schedsan {

void observersPrepare(StrategyOptions &O) {
  for (unsigned I = 0; I != kNumObservers; ++I)
    if (kObservers[I]->prepare)
      kObservers[I]->prepare(O);
}

void observersBeginRun() {
  ObserverLists &L = rt.observers;
  L.num_picked = L.num_passed = 0;
  L.every_step = false;
  L.ended = false;
  for (unsigned I = 0; I != kNumObservers; ++I) {
    const Observer *O = kObservers[I];
    if (!O->begin_run || !O->begin_run())
      continue;
    L.every_step |= O->every_step;
    if (O->picked && L.num_picked < ObserverLists::kMax)
      L.picked[L.num_picked++] = O;
    if (O->passed && L.num_passed < ObserverLists::kMax)
      L.passed[L.num_passed++] = O;
  }
}

void observersEndRun() {
  if (rt.observers.ended)
    return;
  rt.observers.ended = true;
  for (unsigned I = 0; I != kNumObservers; ++I)
    if (kObservers[I]->end_run)
      kObservers[I]->end_run();
}

void observersExiting(int Status) {
  for (unsigned I = 0; I != kNumObservers; ++I)
    if (kObservers[I]->exiting)
      kObservers[I]->exiting(Status);
}

void observersExited(int Status) {
  for (unsigned I = 0; I != kNumObservers; ++I)
    if (kObservers[I]->exited)
      kObservers[I]->exited(Status);
}

void notePickedSlow(ThreadState *From, ThreadState *Next) {
  const ObserverLists &L = rt.observers;
  for (unsigned I = 0; I != L.num_picked; ++I)
    L.picked[I]->picked(From, Next);
}

void notePassedSlow(ThreadState *T) {
  const ObserverLists &L = rt.observers;
  for (unsigned I = 0; I != L.num_passed; ++I)
    L.passed[I]->passed(T);
}

} // namespace schedsan
