//===- RffStrategy.cpp - A base strategy under reads-from constraints -----===//
//
// FILE:
//    runtime/strategy/RffStrategy.cpp
//
// DESCRIPTION:
//    rff: the scheduler of RFF (Wolff et al., "Greybox Fuzzing for
//    Concurrency Testing", ASPLOS 2024). A run is given an abstract
//    schedule, a few reads-from constraints (rf_constraints=, ReadsFrom.h),
//    and keeps to them while a base strategy (rf_base=) schedules as it
//    would otherwise: at every point the base picks among the enabled
//    threads that no constraint holds back. Constraint c (read R, write W:
//    event keys or patterns, ReadsFrom.h) holds back
//      - a thread whose pending event is a read R while the read would not
//        obey c (R<W: the last write to one of its granules is not W; R!W:
//        one is W);
//      - a thread whose pending event is a write S that c does not accept
//        (R<W: S is not W; R!W: S is W) to a granule that another thread's
//        enabled pending read R touches, while that read would obey c (the
//        write would spoil it).
//    If every enabled thread is held back, the choice is among them all.
//    A constraint holds threads back only until its read is first made
//    (obeying it or not: a read in a loop is steered the first time round)
//    and at no more than rf_patience points of a run, then is dropped for
//    the rest of it: a correct program is never kept from going on. The last
//    writes and the constraints come from the run's ReadsFromView
//    (StrategyOptions::reads_from).
//
//    The base: random, pct, pos, pos_strict, basic_pos or swarm with the
//    run's options; `portfolio`: the portfolio's member portfolio_member=
//    (include/schedsan/schedsan_portfolio.def; the runner sets it to the
//    seed's, runVariant in common/PortfolioTable.h; unset, member 0) with
//    its own depth; or
//    `auto` (the runtime's default): the portfolio for a run with no
//    constraint, random walk for one with constraints. So a campaign's
//    unconstrained runs are the portfolio's (a campaign never does much
//    worse than the portfolio on the orders no reads-from pair names, such
//    as a lost wakeup), and its constrained runs are RFF's random walk
//    (PCT's or POS's priorities, held back, lose what makes them work:
//    benchmarks/RESULTS.md, "Learning across runs"). The base sees
//    every event (onExecuted, thread starts and ends, choose) and the
//    held-back threads as blocked. With no constraint rff is its base: the
//    same draws, the same leases (with base random, exactly random's
//    schedule for a seed). With constraints it grants no lease (a
//    constrained read must not pass unseen).
//    Invariant: the result is an enabled event's tid.
//===----------------------------------------------------------------------===//
#include "PortfolioTable.h"
#include "Strategy.h"
#include "StrategyTable.h"
#include "Vec.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

namespace schedsan {

namespace {

// The value of Key (e.g. "depth=") in Options, copied into Buf; "" if none.
const char *optionValue(const char *Options, const char *Key, char *Buf,
                        size_t Size) {
  const size_t Len = strlen(Key);
  Buf[0] = 0;
  for (const char *P = Options; *P;) {
    const char *End = strchr(P, ':');
    End = End ? End : P + strlen(P);
    if ((size_t)(End - P) > Len && !strncmp(P, Key, Len)) {
      size_t N = End - P - Len < Size - 1 ? End - P - Len : Size - 1;
      memcpy(Buf, P + Len, N);
      Buf[N] = 0;
    }
    P = *End ? End + 1 : End;
  }
  return Buf;
}

} // namespace

bool isRffBase(const char *Name) {
  return findStrategy(Name, RffBase) || !strcmp(Name, kRffAutoBase);
}

namespace {

class RffStrategy final : public Strategy {
public:
  RffStrategy() : Base(base("random")) {}
  ~RffStrategy() override {
    for (Strategy *B : Bases)
      delete B;
  }

  const char *name() const override { return "rff"; }

  void beginRun(const StrategyOptions &O, uint64_t Seed) override {
    Strategy::beginRun(O, Seed);
    View = O.reads_from;
    NumC = View ? View->numConstraints() : 0;
    Used.clear();
    Used.resize(NumC, 0);
    StrategyOptions BaseOpts = O;
    const char *Name =
        isRffBase(O.rf_base) ? O.rf_base : defaultStrategy().name;
    if (!strcmp(Name, kRffAutoBase))
      Name = NumC ? defaultStrategy().name
                  : strategyInfo(StrategyId::portfolio).name;
    const StrategyInfo *Info = findStrategy(Name, RffBase);
    Label[0] = 0;
    if (Info->is(StrategyId::portfolio)) {
      // The member the runner chose for the run (-1: none, member 0).
      const PortfolioMember &M =
          kPortfolio[O.portfolio_member >= 0 &&
                             (size_t)O.portfolio_member < kPortfolioSize
                         ? O.portfolio_member
                         : 0];
      char Depth[16];
      Name =
          optionValue(M.Options, "strategy=", MemberName, sizeof(MemberName));
      if (*optionValue(M.Options, "depth=", Depth, sizeof(Depth)))
        BaseOpts.depth = (unsigned)strtoul(Depth, nullptr, 10);
      snprintf(Label, sizeof(Label), "%s", M.Label);
    } else if (Info->has(UsesK)) { // pct: its depth says which
      snprintf(Label, sizeof(Label), "%s d=%u", Name, O.depth);
    } else {
      snprintf(Label, sizeof(Label), "%s", Name);
    }
    Base = base(Name);
    Base->beginRun(BaseOpts, Seed);
  }

  RunSummary endRun(uint64_t Counted) override {
    RunSummary S = Base->endRun(Counted);
    S.steps = Counted;
    return S;
  }

  void onThreadStart(Tid T, Tid Parent) override {
    Base->onThreadStart(T, Parent);
  }
  void onThreadEnd(Tid T) override { Base->onThreadEnd(T); }

  Tid pick(const Event *Pending, size_t N, const Point &At) override {
    if (!NumC || !holdBack(Pending, N))
      return Base->pick(Pending, N, At);
    Seen.clear();
    for (size_t I = 0; I != N; ++I) {
      Seen.push_back(Pending[I]);
      Seen[I].enabled = false;
    }
    for (size_t A : Allowed)
      Seen[A].enabled = Pending[A].enabled;
    return Base->pick(&Seen[0], N, At);
  }

  void onExecuted(const Event &E, const Event *Pending, size_t N) override {
    Base->onExecuted(E, Pending, N);
  }

  uint64_t grantLease(const Event &E, const Event *Pending, size_t N,
                      const Point &At) override {
    return NumC ? 0 : Base->grantLease(E, Pending, N, At);
  }
  void endLease(uint64_t Skipped) override { Base->endLease(Skipped); }

  uint32_t choose(uint32_t N, const Point &At) override {
    return Base->choose(N, At);
  }

  size_t describe(char *Buf, size_t Size) const override {
    unsigned Held = 0;
    for (unsigned C = 0; C != NumC; ++C)
      Held += View->held(C) == RfHeld::Held;
    size_t Len = snprintf(Buf, Size, "rff on %s", Label);
    auto At = [&] { return Len < Size ? Len : Size; };
    char BaseText[512];
    if (Base->describe(BaseText, sizeof(BaseText)))
      Len += snprintf(Buf + At(), Size - At(), " (%s)", BaseText);
    Len += snprintf(Buf + At(), Size - At(), "; held %u of %u constraints",
                    Held, NumC);
    for (unsigned C = 0; C != NumC; ++C) {
      const RfConstraint &K = View->constraint(C);
      const RfHeld H = View->held(C);
      char Read[24], Write[24];
      formatRfKey(Read, sizeof(Read), K.Read);
      formatRfKey(Write, sizeof(Write), K.Write);
      Len += snprintf(Buf + At(), Size - At(), "%s %s%c%s %s%s", C ? "," : ":",
                      Read, K.Not ? '!' : '<', Write,
                      H == RfHeld::Held     ? "held"
                      : H == RfHeld::Broken ? "broken"
                                            : "not read",
                      active(C) ? "" : " (dropped)");
    }
    return Len;
  }

private:
  // A constraint holds threads back until its read is first made (a read
  // in a loop is steered the first time round: a later round would
  // rarely read from the same write, and holding it back until patience
  // runs out only slows the run) and at no more than rf_patience points.
  bool active(unsigned C) const {
    return Used[C] < Opts.rf_patience && View->held(C) == RfHeld::NotRead;
  }

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

  // Allowed: the enabled threads the active constraints do not hold back;
  // charges each constraint that held one back. False (Allowed not to be
  // used) when they hold back none or all.
  bool holdBack(const Event *Pending, size_t N) {
    Allowed.clear();
    Charged.clear();
    Charged.resize(NumC, 0);
    size_t Enabled = 0;
    for (size_t A = 0; A != N; ++A) {
      if (!Pending[A].enabled)
        continue;
      ++Enabled;
      bool Back = false;
      for (unsigned C = 0; C != NumC; ++C)
        if (active(C) &&
            holdsBack(View->constraint(C), Pending[A], Pending, N)) {
          Back = true;
          Charged[C] = 1;
        }
      if (!Back)
        Allowed.push_back(A);
    }
    assert(Enabled && "pick() needs an enabled event");
    if (Allowed.empty() || Allowed.size() == Enabled)
      return false;
    for (unsigned C = 0; C != NumC; ++C)
      Used[C] += Charged[C];
    return true;
  }

  // The base strategy called Name (one that isRffBase accepts, not
  // portfolio or auto), made once (a run's base may change with its seed).
  Strategy *base(const char *Name) {
    for (size_t I = 0; I != Bases.size(); ++I)
      if (!strcmp(Bases[I]->name(), Name))
        return Bases[I];
    Strategy *S = createStrategy(Name);
    assert(S && "rff's base is checked with isRffBase");
    Bases.push_back(S);
    return S;
  }

  const ReadsFromView *View = nullptr;
  unsigned NumC = 0;
  Vec<unsigned> Used;    // by constraint: points it held a thread back at
  Vec<uint8_t> Charged;  // by constraint: it holds one back at this point
  Vec<size_t> Allowed;   // indices into Pending
  Vec<Event> Seen;       // Pending as the base sees it
  Vec<Strategy *> Bases; // before Base: the constructor fills both
  Strategy *Base;
  char MemberName[32] = "";
  char Label[48] = "";
};

} // namespace

Strategy *newRffStrategy() { return new RffStrategy(); }

} // namespace schedsan
