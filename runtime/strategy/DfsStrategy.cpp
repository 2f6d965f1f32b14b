//===- DfsStrategy.cpp - Depth-first search over thread interleavings -----===//
//
// FILE:
//    runtime/strategy/DfsStrategy.cpp
//
// DESCRIPTION:
//    Systematic search, one schedule per run (CHESS, Musuvathi et al. OSDI
//    2008; Concurrit's DFS oracle). At every point with two or more enabled
//    threads the alternatives are, in order, the running thread (if it is
//    enabled) and then the other enabled threads by increasing tid; the
//    choice among them goes through a ChoiceLog (ChoiceLog.h): a prefix
//    from an earlier run is followed, and past it the first alternative
//    is taken (depth-first: keep running the current thread). The searcher
//    (`schedsan run --strategy dfs`) advances the prefix from run to run
//    until every schedule was explored once.
//
//    Iterative context bounding: choosing another thread while the running
//    one is enabled is a preemption; once preemption_bound preemptions were
//    made, the running thread is the only alternative, and no choice is
//    recorded. A switch away from a thread that blocked or ended is not a
//    preemption and is always a choice.
//
//    Only thread interleavings are explored: choose() (which waiter a
//    signal wakes, whether a trylock or timed wait fails) always returns 0.
//    No reduction (sleep sets, DPOR): schedules that differ only in the
//    order of independent events are explored separately.
//    No leases: every point is asked, so the choices are counted alike in
//    every run.
//    Invariant: the result is an enabled event's tid.
//===----------------------------------------------------------------------===//
#include "ChoiceLog.h"
#include "Strategy.h"
#include "Vec.h"

#include <assert.h>

namespace schedsan {

class DfsStrategy final : public Strategy {
public:
  const char *name() const override { return "dfs"; }

  void beginRun(const StrategyOptions &O, uint64_t Seed) override {
    Strategy::beginRun(O, Seed);
    Log = O.choices ? O.choices : &Own;
    // The log's owner has set its prefix; nothing was chosen yet, so this
    // only makes sure the record starts empty.
    Log->beginRun();
    Preemptions = 0;
  }

  RunSummary endRun(uint64_t Counted) override {
    RunSummary S;
    S.steps = Counted;
    return S;
  }

  Tid pick(const Event *Pending, size_t N, const Point &At) override {
    Alts.clear();
    bool CurrentEnabled = false;
    for (size_t I = 0; I != N; ++I)
      if (Pending[I].enabled && Pending[I].tid == At.current)
        CurrentEnabled = true;
    if (CurrentEnabled) {
      Alts.push_back(At.current);
      if (Opts.preemption_bound >= 0 &&
          Preemptions >= (unsigned)Opts.preemption_bound)
        return At.current;
    }
    // The others, by increasing tid (insertion into the sorted tail).
    const size_t First = Alts.size();
    for (size_t I = 0; I != N; ++I) {
      if (!Pending[I].enabled || Pending[I].tid == At.current)
        continue;
      Tid *Pos = Alts.begin() + First;
      while (Pos != Alts.end() && *Pos < Pending[I].tid)
        ++Pos;
      Alts.insert(Pos, Pending[I].tid);
    }
    assert(!Alts.empty() && "pick() needs an enabled event");
    if (Alts.size() == 1)
      return Alts[0];
    uint32_t V = Log->next((uint32_t)Alts.size(), 0);
    if (CurrentEnabled && V != 0)
      ++Preemptions;
    return Alts[V];
  }

  uint32_t choose(uint32_t, const Point &) override { return 0; }

private:
  ChoiceLog Own; // when the options give none
  ChoiceLog *Log = nullptr;
  Vec<Tid> Alts;
  unsigned Preemptions = 0;
};

Strategy *newDfsStrategy() { return new DfsStrategy(); }

} // namespace schedsan
