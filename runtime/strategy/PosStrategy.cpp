//===- PosStrategy.cpp - Partial Order Sampling (POS, POS*, BasicPOS) -----===//
//
// FILE:
//    runtime/strategy/PosStrategy.cpp
//
// DESCRIPTION:
//    POS: Yuan, Yang, Gu, "Partial Order Aware Concurrency Sampling", CAV
//    2018 (Algorithm 2 BasicPOS, Algorithm 3 POS, Algorithm 4 the
//    implementation followed here, §5 the read-only relaxation and the
//    fairness reset).
//
//    Every pending event has its own priority drawn from U(0,1) (here: 64
//    random bits, the same order statistics); the enabled event with the
//    highest priority runs. After e* executes, every pending event that
//    races with e* (eventsRace: same object, different threads, not two
//    reads when the read-only relaxation is on) loses its priority and gets
//    a fresh one, which removes the propagation of priority constraints
//    that makes BasicPOS weak (§4.2). Three variants:
//      pos         POS* of §5/Table 2: two reads never race (the default);
//      pos_strict  POS of §4.2: reads of one object race as well;
//      basic_pos   BasicPOS of §4.1: priorities are never reassigned.
//
//    Priorities are keyed by (tid, seq): a thread has one pending event at
//    a time, and a new seq is a new event, so one slot per thread suffices.
//    As in Algorithm 4, a priority is drawn lazily, the first time its event
//    is seen enabled (an event disabled when it appears gets its priority
//    when it becomes enabled: the same distribution as Algorithm 3, which
//    versions it by object index). Reassignment applies to every pending
//    event, enabled or not (Algorithm 3: the object index of a blocked
//    event moves too; in the running example B4 is disabled when A3
//    signals it).
//
//    Fairness (§5): every Opts.pos_reset_yields executed voluntary yields
//    (is_yield events) all priorities are dropped and drawn again; 0
//    disables the reset.
//
//    Invariants (asserted): pick returns an enabled event's tid; the event
//    it returns has the highest priority among the enabled ones; a priority
//    belongs to exactly one (tid, seq).
//===----------------------------------------------------------------------===//
#include "Strategy.h"
#include "Vec.h"

#include <assert.h>

namespace schedsan {

namespace {

class PosStrategy final : public Strategy {
public:
  PosStrategy(const char *Name, bool Reassign, bool ReadsRace)
      : Name(Name), Reassign(Reassign), ReadsRace(ReadsRace) {}

  const char *name() const override { return Name; }

  void beginRun(const StrategyOptions &O, uint64_t Seed) override {
    Strategy::beginRun(O, Seed);
    Slots.clear();
    YieldCount = 0;
  }

  Tid pick(const Event *Pending, size_t N, const Point &) override {
    Tid Best = kNoTid;
    uint64_t BestPri = 0;
    for (size_t I = 0; I != N; ++I) {
      const Event &E = Pending[I];
      if (!E.enabled)
        continue;
      Slot &S = slot(E.tid);
      if (!S.Has || S.Seq != E.seq) {
        S.Pri = R.next();
        S.Seq = E.seq;
        S.Has = true;
      }
      if (Best == kNoTid || S.Pri > BestPri) {
        Best = E.tid;
        BestPri = S.Pri;
      }
    }
    assert(Best != kNoTid && "pick() needs an enabled event");
    return Best;
  }

  void onExecuted(const Event &E, const Event *Pending, size_t N) override {
    // The executed event's priority dies with it (a new seq follows).
    slot(E.tid).Has = false;
    if (Reassign)
      for (size_t I = 0; I != N; ++I) {
        const Event &P = Pending[I];
        if (P.tid != E.tid && P.tid < Slots.size() &&
            eventsRace(E, P, ReadsRace))
          Slots[P.tid].Has = false;
      }
    if (E.is_yield && Opts.pos_reset_yields &&
        ++YieldCount >= Opts.pos_reset_yields) {
      YieldCount = 0;
      for (Slot &S : Slots)
        S.Has = false;
    }
  }

  // With E's thread the only enabled one, pick is not called; onExecuted of
  // its next memory events drops only their own priorities (dropped
  // already: each new seq draws afresh) unless another pending event is a
  // memory event that could race with them.
  uint64_t grantLease(const Event &E, const Event *Pending, size_t N,
                      const Point &) override {
    if (E.is_yield || countEnabled(Pending, N) >= 2)
      return 0;
    for (size_t I = 0; I != N; ++I)
      if (Pending[I].tid != E.tid && isMemoryKind(Pending[I].kind))
        return 0;
    return UINT64_MAX;
  }

private:
  struct Slot {
    uint64_t Seq = 0;
    uint64_t Pri = 0;
    bool Has = false;
  };

  Slot &slot(Tid T) {
    if (__builtin_expect(T >= Slots.size(), 0))
      grow(T);
    return Slots[T];
  }

  __attribute__((noinline)) void grow(Tid T) {
    assert(T != kNoTid);
    Slots.resize(T + 1);
  }

  const char *Name;
  const bool Reassign;
  const bool ReadsRace;
  Vec<Slot> Slots;
  uint64_t YieldCount = 0;
};

} // namespace

Strategy *newPosStrategy() { return new PosStrategy("pos", true, false); }
Strategy *newPosStrictStrategy() {
  return new PosStrategy("pos_strict", true, true);
}
Strategy *newBasicPosStrategy() {
  return new PosStrategy("basic_pos", false, true);
}

} // namespace schedsan
