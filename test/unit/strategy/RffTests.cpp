//===- RffTests.cpp - Group "invariants": rff and its constraints ---------===//
//
// FILE:
//    test/unit/strategy/RffTests.cpp
//
// DESCRIPTION:
//    The rf_constraints= parser, and which threads rff holds back
//    (RffStrategy.cpp) for a reader of x (site 7) and two writers of x
//    (sites 5 and 6) under 7<6 and 7!6, the last write to x given by a
//    fake ReadsFromView; rf_patience; and that rff without constraints
//    picks as random does.
//===----------------------------------------------------------------------===//
#include "StrategyTest.h"

#include <set>
#include <string>

namespace schedsan {
namespace unittest {

namespace {

class FakeView final : public ReadsFromView {
public:
  RfConstraint C[2];
  unsigned N = 0;
  uint32_t Last = 0; // the last write to every granule
  unsigned numConstraints() const override { return N; }
  const RfConstraint &constraint(unsigned I) const override { return C[I]; }
  RfHeld held(unsigned) const override { return RfHeld::NotRead; }
  uint32_t lastWrite(uintptr_t) const override { return Last; }
};

constexpr uintptr_t kX = 0x2000;

Event access(Tid T, EventKind K, uint32_t Site) {
  Event E = ev(T, K, 1);
  E.addr = kX;
  E.size = 4;
  E.site = Site;
  return E;
}

// The tids rff picks among over 200 seeds (each allowed one is missed with
// probability (1/2)^200 at most) for the reader (T0) and the
// writers at sites 5 (T1) and 6 (T2).
std::set<Tid> picks(const FakeView &V, unsigned Patience = 1000) {
  const Event Pending[] = {access(0, EventKind::Read, 7),
                           access(1, EventKind::Write, 5),
                           access(2, EventKind::Write, 6)};
  StrategyOptions O;
  O.reads_from = &V;
  O.rf_patience = Patience;
  std::set<Tid> Picked;
  auto S = make("rff");
  for (uint64_t Seed = 0; Seed != 200; ++Seed) {
    S->beginRun(O, Seed);
    Picked.insert(S->pick(Pending, 3, countedStep(1)));
  }
  return Picked;
}

std::string text(const std::set<Tid> &S) {
  std::string T;
  for (Tid X : S)
    T += " T" + std::to_string(X);
  return T;
}

void expect(const std::set<Tid> &Got, const std::set<Tid> &Want,
            const char *Name) {
  report(Got == Want, Name, "picked" + text(Got) + ", want" + text(Want));
}

} // namespace

void rffParse() {
  RfConstraint C[3];
  char Bad[16];
  bool Ok = parseRfConstraints("", C, 3, Bad, sizeof Bad) == 0 &&
            parseRfConstraints("12<5,7!0", C, 3, Bad, sizeof Bad) == 2 &&
            C[0].Read == 12 && C[0].Write == 5 && !C[0].Not && C[1].Read == 7 &&
            C[1].Write == 0 && C[1].Not;
  report(Ok, "rff/parse-good");
  std::string Why;
  for (const char *In : {"0<1", "1<", "<1", "1=2", "1<2,", "1<2,,3<4",
                         "1<4294967296", "1<2x", "1<2,3<4,5<6,7<8"}) {
    if (parseRfConstraints(In, C, 3, Bad, sizeof Bad) != -1)
      Why += std::string(" accepted '") + In + "'";
  }
  report(Why.empty(), "rff/parse-bad", Why);
  parseRfConstraints("1<2,3=4", C, 3, Bad, sizeof Bad);
  report(std::string(Bad) == "3=4", "rff/parse-names-bad-entry", Bad);
}

void rffHoldsBack() {
  FakeView V;
  V.N = 1;
  V.C[0].Read = 7;
  V.C[0].Write = 6;
  // 7<6, x not yet written at 6: the reader waits; writing 5 spoils
  // nothing the reader would keep.
  V.Last = 0;
  expect(picks(V), {1, 2}, "rff/reads-from-wait");
  // x last written at 6: the reader may read; the write at 5 would spoil it.
  V.Last = 6;
  expect(picks(V), {0, 2}, "rff/reads-from-keep");
  // 7!6: the reader waits while x is from 6; the write at 6 waits while
  // the reader would obey.
  V.C[0].Not = true;
  expect(picks(V), {1, 2}, "rff/not-reads-from-wait");
  V.Last = 5;
  expect(picks(V), {0, 1}, "rff/not-reads-from-keep");
  // Patience 0: the constraint holds no one back.
  expect(picks(V, 0), {0, 1, 2}, "rff/patience-0");
  // Patience 3: after 3 points that held one back, none is.
  const Event Pending[] = {access(0, EventKind::Read, 7),
                           access(1, EventKind::Write, 5),
                           access(2, EventKind::Write, 6)};
  StrategyOptions O;
  O.reads_from = &V;
  O.rf_patience = 3;
  auto S = make("rff");
  bool Early = false, Dropped = false;
  S->beginRun(O, 1);
  for (int I = 0; I != 3; ++I) // the writer at 6 held back 3 times
    Early |= S->pick(Pending, 3, countedStep(I + 1)) == 2;
  // Then picked with probability 1/3 at each point: P(not in 60) < 1e-10.
  for (int I = 0; I != 60 && !Dropped; ++I)
    Dropped = S->pick(Pending, 3, countedStep(I + 4)) == 2;
  report(!Early && Dropped, "rff/patience-drops");
  char Buf[256];
  S->describe(Buf, sizeof Buf);
  report(std::string(Buf) == "rff held 0 of 1 constraints: 7!6 not read "
                             "(dropped)",
         "rff/describe", Buf);
}

void rffWithoutConstraints() {
  const Event Pending[] = {ev(0, EventKind::Write, 1),
                           ev(1, EventKind::Write, 1),
                           ev(2, EventKind::Write, 1)};
  auto Rff = make("rff"), Random = make("random");
  bool Same = true;
  for (uint64_t Seed = 0; Seed != 100; ++Seed) {
    StrategyOptions O;
    Rff->beginRun(O, Seed);
    Random->beginRun(O, Seed);
    for (int I = 0; I != 20; ++I)
      Same &= Rff->pick(Pending, 3, countedStep(I + 1)) ==
              Random->pick(Pending, 3, countedStep(I + 1));
  }
  report(Same, "rff/no-constraints-is-random");
}

} // namespace unittest
} // namespace schedsan
