//===- schedules.h - What the exact schedules share -------------*- C++ -*-===//
//
// FILE:
//    benchmarks/bugs/scripts/schedules.h
//
// DESCRIPTION:
//    Helpers of the test scripts (<schedsan/script.h>) that drive the bug
//    programs of benchmarks/bugs whose bug no randomized strategy finds in
//    a reasonable number of runs along their failing schedule, so that a
//    test shows the bug is real: the program's threads by creation order,
//    and the predicate for synchronization events.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_BENCHMARKS_BUGS_SCHEDULES_H
#define SCHEDSAN_BENCHMARKS_BUGS_SCHEDULES_H

#include <schedsan/script.h>

#include <algorithm>
#include <vector>

namespace schedsan::script {

// Waits until N threads besides main have started and returns them in the
// order main created them (the runtime numbers threads in creation order).
inline std::vector<Tid> StartedThreadsByCreation(int N) {
  std::vector<Tid> T = WaitForDistinctThreads(N, ThreadStarts);
  std::sort(T.begin(), T.end(), [](Tid A, Tid B) { return A.id() < B.id(); });
  return T;
}

// Synchronization, thread creation and join, sleeps (intercepted calls).
inline const Pred &Synchronizes() {
  static const Pred P(
      [](const Event &E) { return E.raw.kind == SCHEDSAN_SEV_OTHER; });
  return P;
}

} // namespace schedsan::script

#endif // SCHEDSAN_BENCHMARKS_BUGS_SCHEDULES_H
