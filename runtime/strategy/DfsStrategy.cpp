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
//    Reduction (reduction=sleep): Godefroid's sleep sets (Partial-Order
//    Methods for the Verification of Concurrent Systems, 1996, ch. 5). The
//    sleep set holds (thread, pending event) pairs whose schedules from here
//    were explored before: at a point the prefix answers with value v, the
//    alternatives 0..v-1 fall asleep after the choice; an executed event
//    wakes every sleeper it is dependent with (sleepDependent), and a thread
//    whose pending event changed is awake. Sleeping threads are no
//    alternatives. When every enabled thread sleeps (or a sleeping one runs
//    as the only enabled thread), the rest of the run repeats an explored
//    trace: the run is "blocked" (ChoiceLog::markBlocked), takes the first
//    alternative from then on and records no more choices. Of the complete
//    runs, one per Mazurkiewicz trace remains. Not sound with a preemption
//    bound (the explored sleeper may have been cut by the bound); the
//    runner refuses the two together. reduction=none: every schedule.
//    No leases: every point is asked, so the choices are counted alike in
//    every run.
//    Invariant: the result is an enabled event's tid.
//===----------------------------------------------------------------------===//
#include "ChoiceLog.h"
#include "Strategy.h"
#include "Vec.h"

#include <assert.h>

namespace schedsan {

namespace {

bool overlap(uintptr_t A, uintptr_t ASize, uintptr_t B, uintptr_t BSize) {
  return A < B + BSize && B < A + ASize;
}

// Whether A and B (of different threads) may not commute: anything but two
// memory events is (conservative), a fence with anything, and two memory
// events when a range one writes overlaps a range the other touches (a
// memcpy writes [addr, +size) and reads [addr2, +size)).
bool sleepDependent(const Event &A, const Event &B) {
  if (!isMemoryKind(A.kind) || !isMemoryKind(B.kind) ||
      A.kind == EventKind::Fence || B.kind == EventKind::Fence)
    return true;
  struct Range {
    uintptr_t Addr, Size;
    bool Write;
  };
  auto Ranges = [](const Event &E, Range *R) {
    R[0] = Range{E.addr, E.size, E.is_write};
    if (E.kind != EventKind::MemTransfer || !E.addr2)
      return 1;
    R[1] = Range{E.addr2, E.size, false};
    return 2;
  };
  Range RA[2], RB[2];
  const int NA = Ranges(A, RA), NB = Ranges(B, RB);
  for (int I = 0; I != NA; ++I)
    for (int J = 0; J != NB; ++J)
      if ((RA[I].Write || RB[J].Write) &&
          overlap(RA[I].Addr, RA[I].Size, RB[J].Addr, RB[J].Size))
        return true;
  return false;
}

} // namespace

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
    Sleep.clear();
    Blocked = false;
  }

  Tid pick(const Event *Pending, size_t N, const Point &At) override {
    Alts.clear();
    if (Blocked)
      return firstInOrder(Pending, N, At);
    if (Opts.sleep_sets)
      dropAwake(Pending, N);
    bool CurrentEnabled = false;
    for (size_t I = 0; I != N; ++I)
      if (Pending[I].enabled && Pending[I].tid == At.current)
        CurrentEnabled = true;
    if (CurrentEnabled && !asleep(At.current)) {
      Alts.push_back(At.current);
      if (Opts.preemption_bound >= 0 &&
          Preemptions >= (unsigned)Opts.preemption_bound)
        return At.current;
    }
    // The others, by increasing tid (insertion into the sorted tail).
    const size_t First = Alts.size();
    for (size_t I = 0; I != N; ++I) {
      if (!Pending[I].enabled || Pending[I].tid == At.current ||
          asleep(Pending[I].tid))
        continue;
      Tid *Pos = Alts.begin() + First;
      while (Pos != Alts.end() && *Pos < Pending[I].tid)
        ++Pos;
      Alts.insert(Pos, Pending[I].tid);
    }
    if (Alts.empty()) {
      // Every enabled thread sleeps.
      markBlocked();
      return firstInOrder(Pending, N, At);
    }
    if (Alts.size() == 1)
      return Alts[0];
    uint32_t V = Log->next((uint32_t)Alts.size(), 0);
    if (CurrentEnabled && V != 0)
      ++Preemptions;
    // The alternatives before V were explored from here: they sleep.
    for (uint32_t I = 0; Opts.sleep_sets && I != V; ++I)
      for (size_t J = 0; J != N; ++J)
        if (Pending[J].tid == Alts[I])
          Sleep.push_back(Pending[J]);
    return Alts[V];
  }

  void onExecuted(const Event &E, const Event *, size_t) override {
    if (!Opts.sleep_sets || Blocked)
      return;
    for (size_t I = 0; I != Sleep.size();) {
      if (Sleep[I].tid == E.tid && Sleep[I].seq == E.seq) {
        // A sleeping thread runs: it was the only one enabled.
        markBlocked();
        return;
      }
      if (Sleep[I].tid == E.tid || sleepDependent(Sleep[I], E))
        Sleep.erase(Sleep.begin() + I);
      else
        ++I;
    }
  }

  void onThreadEnd(Tid T) override {
    for (size_t I = 0; I != Sleep.size();)
      if (Sleep[I].tid == T)
        Sleep.erase(Sleep.begin() + I);
      else
        ++I;
  }

  uint32_t choose(uint32_t, const Point &) override { return 0; }

private:
  bool asleep(Tid T) const {
    for (const Event &S : Sleep)
      if (S.tid == T)
        return true;
    return false;
  }

  // Wakes the sleepers whose thread ended or has another pending event.
  void dropAwake(const Event *Pending, size_t N) {
    for (size_t I = 0; I != Sleep.size();) {
      bool Same = false;
      for (size_t J = 0; J != N; ++J)
        if (Pending[J].tid == Sleep[I].tid)
          Same = Pending[J].seq == Sleep[I].seq;
      if (Same)
        ++I;
      else
        Sleep.erase(Sleep.begin() + I);
    }
  }

  void markBlocked() {
    Blocked = true;
    Sleep.clear();
    Log->markBlocked();
  }

  // A blocked run's pick: the first alternative in the usual order (the
  // running thread, else the lowest tid), with no choice recorded.
  Tid firstInOrder(const Event *Pending, size_t N, const Point &At) const {
    Tid First = kNoTid;
    for (size_t I = 0; I != N; ++I) {
      if (!Pending[I].enabled)
        continue;
      if (Pending[I].tid == At.current)
        return At.current;
      if (First == kNoTid || Pending[I].tid < First)
        First = Pending[I].tid;
    }
    assert(First != kNoTid && "pick() needs an enabled event");
    return First;
  }

  ChoiceLog Own; // when the options give none
  ChoiceLog *Log = nullptr;
  Vec<Tid> Alts;
  unsigned Preemptions = 0;
  Vec<Event> Sleep; // reduction=sleep: one pending event per sleeping tid
  bool Blocked = false;
};

Strategy *newDfsStrategy() { return new DfsStrategy(); }

} // namespace schedsan
