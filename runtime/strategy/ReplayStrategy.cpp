//===- ReplayStrategy.cpp - Following a recorded schedule -----------------===//
//
// FILE:
//    runtime/strategy/ReplayStrategy.cpp
//
// DESCRIPTION:
//    See ReplayStrategy.h.
//===----------------------------------------------------------------------===//
#include "ReplayStrategy.h"

#include <stdio.h>

namespace schedsan {

Tid ReplayStrategy::pick(const Event *Pending, size_t N, const Point &At) {
  const Tid Seeded = Inner->pick(Pending, N, At);
  if (After == Then::RunOn)
    return pickRunningOn(Pending, N, At);
  if (Diverged)
    return Seeded;
  if (Pos == Size || Log[Pos].Step > At.step || Log[Pos].Of) {
    // No pick recorded here (a choice at this step comes after it): the
    // running thread went on -- or, past the end of a cut trace, the
    // seeded strategy decided.
    if (Pos == Size && CutAt && At.step >= CutAt)
      return Seeded;
    for (size_t I = 0; I != N; ++I)
      if (Pending[I].tid == At.current && Pending[I].enabled)
        return At.current;
    diverge(At.step, "the recording keeps T%u running, which is not enabled",
            At.current);
    return Seeded;
  }
  if (const Decision *D = next(At.step, 0)) {
    for (size_t I = 0; I != N; ++I)
      if (Pending[I].tid == D->Value && Pending[I].enabled) {
        ++Pos;
        return D->Value;
      }
    diverge(At.step, "recorded thread T%u is not enabled", D->Value);
  }
  return Seeded;
}

Tid ReplayStrategy::pickRunningOn(const Event *Pending, size_t N,
                                  const Point &At) {
  skipPassed(At.step);
  if (Pos != Size && Log[Pos].Step == At.step && !Log[Pos].Of) {
    const Tid T = Log[Pos].Value;
    for (size_t I = 0; I != N; ++I)
      if (Pending[I].tid == T && Pending[I].enabled) {
        ++Pos;
        return T;
      }
    diverge(At.step, "recorded thread T%u is not enabled", T);
    ++Pos;
  }
  return runOn(Pending, N, At);
}

void ReplayStrategy::skipPassed(uint64_t Step) {
  for (; Pos != Size && Log[Pos].Step < Step; ++Pos)
    diverge(Step, "the recording has a decision at an earlier step (%u)",
            (uint32_t)Log[Pos].Step);
}

Tid ReplayStrategy::runOn(const Event *Pending, size_t N, const Point &At) {
  Tid Lowest = kNoTid;
  for (size_t I = 0; I != N; ++I) {
    if (!Pending[I].enabled)
      continue;
    if (Pending[I].tid == At.current)
      return At.current;
    if (Lowest == kNoTid || Pending[I].tid < Lowest)
      Lowest = Pending[I].tid;
  }
  return Lowest;
}

uint32_t ReplayStrategy::choose(uint32_t N, const Point &At) {
  const uint32_t Seeded = Inner->choose(N, At);
  if (After == Then::RunOn) {
    skipPassed(At.step);
    if (Pos == Size || Log[Pos].Step != At.step || !Log[Pos].Of)
      return 0;
    const Decision &D = Log[Pos];
    if (D.Of == N && D.Value < N) {
      ++Pos;
      return D.Value;
    }
    diverge(At.step, "the recording has a choice among %u here", D.Of);
    ++Pos;
    return 0;
  }
  if (const Decision *D = next(At.step, N)) {
    ++Pos;
    return D->Value;
  }
  return Seeded;
}

const Decision *ReplayStrategy::next(uint64_t Step, uint32_t Of) {
  if (Diverged)
    return nullptr;
  if (Pos == Size) {
    if (!CutAt || Step < CutAt)
      diverge(Step, "the recorded schedule ends here", 0);
    return nullptr;
  }
  const Decision &D = Log[Pos];
  if (D.Step != Step || D.Of != Of || (Of && D.Value >= Of)) {
    diverge(Step,
            D.Of ? "the recording has a choice among %u here"
                 : "the recording has a thread pick here",
            D.Of);
    return nullptr;
  }
  return &D;
}

void ReplayStrategy::diverge(uint64_t Step, const char *Why, uint32_t Arg) {
  if (Diverged)
    return;
  Diverged = true;
  char Msg[160];
  snprintf(Msg, sizeof(Msg), Why, Arg);
  if (OnDiverge)
    OnDiverge(Ctx, Step, Pos + 1, Size, Msg);
}

} // namespace schedsan
