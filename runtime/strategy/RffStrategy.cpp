//===- RffStrategy.cpp - Random walk under reads-from constraints ---------===//
//
// FILE:
//    runtime/strategy/RffStrategy.cpp
//
// DESCRIPTION:
//    rff: the scheduler of RFF (Wolff et al., "Greybox Fuzzing for
//    Concurrency Testing", ASPLOS 2024). A run is given an abstract
//    schedule, a few reads-from constraints (rf_constraints=, ReadsFrom.h),
//    and keeps to them while it otherwise walks at random: at every point a
//    thread chosen uniformly among the enabled threads that no constraint
//    holds back. Constraint c (read R, write W: event keys or patterns,
//    ReadsFrom.h) holds back
//      - a thread whose pending event is a read R while the read would not
//        obey c (R<W: the last write to one of its granules is not W; R!W:
//        one is W);
//      - a thread whose pending event is a write S that c does not accept
//        (R<W: S is not W; R!W: S is W) to a granule that another thread's
//        enabled pending read R touches, while that read would obey c (the
//        write would spoil it).
//    If every enabled thread is held back, the choice is among them all.
//    A constraint holds threads back at no more than rf_patience points of
//    a run, then is dropped for the rest of it: a correct program is never
//    kept from going on. The last writes and the constraints come from the
//    run's ReadsFromView (StrategyOptions::reads_from); with no constraint
//    rff draws exactly as random does, and grants the same leases. With
//    constraints it grants none (a constrained read must not pass unseen).
//    Invariant: the result is an enabled event's tid.
//===----------------------------------------------------------------------===//
#include "Strategy.h"
#include "Vec.h"

#include <assert.h>
#include <stdio.h>

namespace schedsan {

namespace {

class RffStrategy final : public Strategy {
public:
  const char *name() const override { return "rff"; }

  void beginRun(const StrategyOptions &O, uint64_t Seed) override {
    Strategy::beginRun(O, Seed);
    View = O.reads_from;
    NumC = View ? View->numConstraints() : 0;
    Used.clear();
    Used.resize(NumC, 0);
  }

  RunSummary endRun(uint64_t Counted) override {
    RunSummary S;
    S.steps = Counted;
    return S;
  }

  Tid pick(const Event *Pending, size_t N, const Point &) override {
    Allowed.clear();
    for (size_t I = 0; I != N; ++I)
      if (Pending[I].enabled)
        Allowed.push_back(I);
    assert(!Allowed.empty() && "pick() needs an enabled event");
    if (NumC)
      holdBack(Pending, N);
    return Pending[Allowed[R.below(Allowed.size())]].tid;
  }

  // With one enabled thread pick is not called and nothing is drawn.
  uint64_t grantLease(const Event &, const Event *Pending, size_t N,
                      const Point &) override {
    return !NumC && countEnabled(Pending, N) < 2 ? UINT64_MAX : 0;
  }

  size_t describe(char *Buf, size_t Size) const override {
    unsigned Held = 0;
    for (unsigned C = 0; C != NumC; ++C)
      Held += View->held(C) == RfHeld::Held;
    size_t Len =
        snprintf(Buf, Size, "rff held %u of %u constraints:", Held, NumC);
    for (unsigned C = 0; C != NumC; ++C) {
      const RfConstraint &K = View->constraint(C);
      const RfHeld H = View->held(C);
      const size_t At = Len < Size ? Len : Size;
      char Read[24], Write[24];
      formatRfKey(Read, sizeof(Read), K.Read);
      formatRfKey(Write, sizeof(Write), K.Write);
      Len += snprintf(Buf + At, Size - At, " %s%c%s %s%s", Read,
                      K.Not ? '!' : '<', Write,
                      H == RfHeld::Held     ? "held"
                      : H == RfHeld::Broken ? "broken"
                                            : "not read",
                      active(C) ? "" : " (dropped)");
    }
    return Len;
  }

private:
  bool active(unsigned C) const { return Used[C] < Opts.rf_patience; }

  // Whether every granule of Reads, as written now, obeys C.
  bool obeys(const RfConstraint &C, const GranuleRange &Reads) const {
    for (uintptr_t G = Reads.First; G <= Reads.Last; ++G)
      if (!C.obeyedBy(View->lastWrite(G)))
        return false;
    return true;
  }

  // Whether constraint C holds back E (one of Pending[0, N)).
  bool holdsBack(const RfConstraint &C, const Event &E, const Event *Pending,
                 size_t N) const {
    if (!E.site || !isMemoryKind(E.kind))
      return false;
    const uint32_t Key = rfKey(E.tid, E.site);
    if (C.constrains(Key)) {
      const GranuleRange Reads = readRange(E);
      if (!Reads.empty() && !obeys(C, Reads))
        return true;
    }
    const GranuleRange Writes = writeRange(E);
    if (Writes.empty() || C.obeyedBy(Key))
      return false;
    for (size_t I = 0; I != N; ++I) {
      const Event &P = Pending[I];
      if (P.enabled && P.tid != E.tid && P.site &&
          C.constrains(rfKey(P.tid, P.site)) && isMemoryKind(P.kind)) {
        const GranuleRange Reads = readRange(P);
        if (Reads.overlaps(Writes) && obeys(C, Reads))
          return true;
      }
    }
    return false;
  }

  // Removes from Allowed the threads the active constraints hold back,
  // unless that leaves none; charges each constraint that held one back.
  void holdBack(const Event *Pending, size_t N) {
    Kept.clear();
    Charged.clear();
    Charged.resize(NumC, 0);
    for (size_t A : Allowed) {
      bool Back = false;
      for (unsigned C = 0; C != NumC; ++C)
        if (active(C) &&
            holdsBack(View->constraint(C), Pending[A], Pending, N)) {
          Back = true;
          Charged[C] = 1;
        }
      if (!Back)
        Kept.push_back(A);
    }
    if (Kept.empty() || Kept.size() == Allowed.size())
      return;
    for (unsigned C = 0; C != NumC; ++C)
      Used[C] += Charged[C];
    Allowed.clear();
    for (size_t A : Kept)
      Allowed.push_back(A);
  }

  const ReadsFromView *View = nullptr;
  unsigned NumC = 0;
  Vec<unsigned> Used;        // by constraint: points it held a thread back at
  Vec<uint8_t> Charged;      // by constraint: it holds one back at this point
  Vec<size_t> Allowed, Kept; // indices into Pending
};

} // namespace

Strategy *newRffStrategy() { return new RffStrategy(); }

} // namespace schedsan
