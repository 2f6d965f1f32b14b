//===- ReplayStrategy.h - Following a recorded schedule ---------*- C++ -*-===//
//
// FILE:
//    runtime/strategy/ReplayStrategy.h
//
// DESCRIPTION:
//    Follows decoded decisions (a trace's `p` and `c` lines) while running
//    the seeded strategy it was made with in lockstep: the seeded strategy
//    decides at every point, as it did when the trace was made (no leases:
//    Strategy.h's lease contract makes that the same), and the recording
//    overrides it where it says something. Where the recording says nothing
//    at a point, the running thread went on; past the end of a cut
//    recording, the seeded strategy decided. At the first decision that does
//    not fit (another step, a thread that is not enabled, another number of
//    alternatives) the replay diverges: it tells its owner once, through
//    the callback, and hands over to the seeded strategy for the rest of
//    the run. With Then::RunOn the recording is a list of hints instead:
//    a decision that does not fit is skipped (the first one is still
//    reported), the later ones are still followed at their steps, and
//    where the recording says nothing the running thread goes on while it
//    is enabled, else the enabled thread with the lowest tid runs; a choice
//    it says nothing about takes 0. So a schedule minimizer that removes
//    decisions gets a run that keeps the others and makes no new
//    preemptions. Like every strategy
//    it sees only the event model.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_STRATEGY_REPLAYSTRATEGY_H
#define SCHEDSAN_STRATEGY_REPLAYSTRATEGY_H

#include "Strategy.h"

namespace schedsan {

// One recorded decision: at Step, thread Value was picked (Of == 0), or
// Value was chosen among Of alternatives.
struct Decision {
  uint64_t Step;
  uint32_t Value;
  uint32_t Of;
};

class ReplayStrategy final : public Strategy {
public:
  // Who decides after a divergence (or past the end of a cut recording).
  enum class Then { Seeded, RunOn };

  // Called once, at the divergence: the step, the decision it happened at
  // (1-based) and how many the recording has, and why.
  using DivergeFn = void (*)(void *Ctx, uint64_t Step, size_t Decision,
                             size_t Decisions, const char *Why);

  // Follows Log[0, Size) (steps ascending; the strategy keeps a pointer,
  // not a copy), then Inner (owned). CutAt: nonzero when the recording
  // stops at that step (its later decisions were not kept).
  ReplayStrategy(const Decision *Log, size_t Size, uint64_t CutAt,
                 Strategy *Inner, DivergeFn OnDiverge, void *Ctx,
                 Then After = Then::Seeded)
      : Log(Log), Size(Size), CutAt(CutAt), Inner(Inner), OnDiverge(OnDiverge),
        Ctx(Ctx), After(After) {}
  ~ReplayStrategy() override { delete Inner; }

  const char *name() const override { return Inner->name(); }
  void beginRun(const StrategyOptions &O, uint64_t Seed) override {
    Inner->beginRun(O, Seed);
  }
  RunSummary endRun(uint64_t Counted) override {
    return Inner->endRun(Counted);
  }
  void onThreadStart(Tid T, Tid P) override { Inner->onThreadStart(T, P); }
  void onThreadEnd(Tid T) override { Inner->onThreadEnd(T); }
  void onExecuted(const Event &E, const Event *P, size_t N) override {
    Inner->onExecuted(E, P, N);
  }
  size_t describe(char *Buf, size_t Size) const override {
    return Inner->describe(Buf, Size);
  }
  Tid pick(const Event *Pending, size_t N, const Point &At) override;
  uint32_t choose(uint32_t N, const Point &At) override;

  bool diverged() const { return Diverged; }
  // Decisions followed so far, and in the recording.
  size_t used() const { return Pos; }
  size_t size() const { return Size; }
  // The run ended (or something else showed) that the recording is not
  // this run's: Why is a printf format with one unsigned argument.
  void diverge(uint64_t Step, const char *Why, uint32_t Arg);

private:
  // The next recorded decision if it fits this step and kind, else null
  // (diverging the first time).
  const Decision *next(uint64_t Step, uint32_t Of);
  // Then::RunOn: the recorded pick at this step if it fits, else runOn().
  Tid pickRunningOn(const Event *Pending, size_t N, const Point &At);
  // Then::RunOn: skips the decisions of steps before Step.
  void skipPassed(uint64_t Step);
  // At.current if enabled, else the lowest enabled tid.
  static Tid runOn(const Event *Pending, size_t N, const Point &At);

  const Decision *Log;
  size_t Size;
  uint64_t CutAt;
  Strategy *Inner;
  DivergeFn OnDiverge;
  void *Ctx;
  Then After;
  size_t Pos = 0;
  bool Diverged = false;
};

} // namespace schedsan

#endif // SCHEDSAN_STRATEGY_REPLAYSTRATEGY_H
