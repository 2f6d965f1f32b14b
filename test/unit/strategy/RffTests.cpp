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

// The tids rff on Base picks among over 2000 seeds for the reader (T0) and
// the writers at sites 5 (T1) and 6 (T2). Each allowed one is missed with
// probability (50/51)^2000 < 1e-17 at most (swarm: weights in [1, 50]; the
// others draw at least as evenly).
std::set<Tid> picks(const FakeView &V, unsigned Patience = 1000,
                    const char *Base = "random") {
  const Event Pending[] = {access(0, EventKind::Read, 7),
                           access(1, EventKind::Write, 5),
                           access(2, EventKind::Write, 6)};
  StrategyOptions O;
  O.reads_from = &V;
  O.rf_patience = Patience;
  O.rf_base = Base;
  std::set<Tid> Picked;
  auto S = make("rff");
  for (uint64_t Seed = 0; Seed != 2000; ++Seed) {
    S->beginRun(O, Seed);
    for (Tid T = 0; T != 3; ++T)
      S->onThreadStart(T, T ? 0 : kNoTid);
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
  // Every base keeps to the constraint (7<6, x not yet written at 6: the
  // reader waits) and picks among the others.
  V.C[0].Not = false;
  V.Last = 0;
  for (const char *Base : {"pct", "pos", "swarm", "portfolio"})
    expect(picks(V, 1000, Base), {1, 2},
           (std::string("rff/reads-from-wait-on-") + Base).c_str());
  V.C[0].Not = true;
  V.Last = 5;
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
  report(std::string(Buf) == "rff on random; held 0 of 1 constraints: 7!6 "
                             "not read (dropped)",
         "rff/describe", Buf);
  // Base auto with a constraint: a random walk.
  O.rf_base = "auto";
  S->beginRun(O, 1);
  S->describe(Buf, sizeof Buf);
  report(std::string(Buf).rfind("rff on random; held 0 of 1", 0) == 0,
         "rff/auto-with-constraints-is-random", Buf);
}

// Event keys: site S in thread T packed with T + 1; sites past 2^24 - 1
// and threads past 254 share the last; a key with no thread matches its
// site in any thread, and key 0 only itself.
void rffKeys() {
  bool Ok = rfKey(3, 5) == (5u | 4u << 24) && rfKey(7, 0) == 0 &&
            rfSite(rfKey(2, 1u << 24)) == kRfSiteMask &&
            rfKey(253, 5) >> 24 == 254 && rfKey(254, 5) >> 24 == 255 &&
            rfKey(300, 5) == rfKey(254, 5) && rfKey(kNoTid, 5) == rfKey(254, 5);
  report(Ok, "rff/keys-packed");
  bool Match = rfKeyMatches(5, rfKey(3, 5)) && rfKeyMatches(5, 5) &&
               !rfKeyMatches(5, rfKey(3, 6)) && !rfKeyMatches(5, 0) &&
               rfKeyMatches(0, 0) && !rfKeyMatches(0, rfKey(1, 5)) &&
               rfKeyMatches(rfKey(3, 5), rfKey(3, 5)) &&
               !rfKeyMatches(rfKey(3, 5), rfKey(4, 5)) &&
               !rfKeyMatches(rfKey(3, 5), 5);
  report(Match, "rff/keys-match");
  std::string Why;
  for (const char *T : {"0", "5", "5@0", "16777215@254", "12@3"}) {
    const char *P = T;
    uint32_t K = 0;
    char Buf[24];
    if (!parseRfKey(P, K) || *P || (formatRfKey(Buf, sizeof Buf, K), false) ||
        std::string(Buf) != T)
      Why += std::string(" '") + T + "'";
  }
  report(Why.empty(), "rff/keys-round-trip", Why);
}

// Constraints on event keys: 7@0<6@2 is about thread 0's read at site 7 and
// thread 2's write at site 6 only.
void rffThreadKeys() {
  FakeView V;
  V.N = 1;
  V.C[0].Read = rfKey(0, 7);
  V.C[0].Write = rfKey(2, 6);
  V.Last = rfKey(1, 6); // site 6, but written by thread 1: the reader waits
  expect(picks(V), {1, 2}, "rff/thread-key-wait");
  V.Last = rfKey(2, 6); // the wanted write: the write at 5 would spoil it
  expect(picks(V), {0, 2}, "rff/thread-key-keep");
  V.C[0].Read = rfKey(1, 7); // another thread's read: no one waits
  V.Last = 0;
  expect(picks(V), {0, 1, 2}, "rff/thread-key-other-reader");
}

// A counted step that reaches PCT with one thread enabled (rff holds the
// others back) still fires its change point, at that step or the next.
void pctChangePointNotLost() {
  auto S = make("pct");
  StrategyOptions O;
  O.depth = 2;
  O.k = 1; // the one change point is at counted step 1
  S->beginRun(O, 1);
  for (Tid T = 0; T != 3; ++T)
    S->onThreadStart(T, T ? 0 : kNoTid);
  Event Pending[] = {ev(0, EventKind::Write, 1), ev(1, EventKind::Write, 1),
                     ev(2, EventKind::Write, 1)};
  Pending[1].enabled = Pending[2].enabled = false;
  S->pick(Pending, 3, countedStep(1));
  char Buf[256];
  S->describe(Buf, sizeof Buf);
  report(std::string(Buf).find("fired=1") != std::string::npos,
         "pct/change-point-with-one-enabled", Buf);
}

void rffWithoutConstraints() {
  const Event Pending[] = {ev(0, EventKind::Write, 1),
                           ev(1, EventKind::Write, 1),
                           ev(2, EventKind::Write, 1)};
  auto Rff = make("rff"), Random = make("random");
  bool Same = true;
  for (uint64_t Seed = 0; Seed != 100; ++Seed) {
    StrategyOptions O;
    O.rf_base = "random";
    Rff->beginRun(O, Seed);
    Random->beginRun(O, Seed);
    for (int I = 0; I != 20; ++I)
      Same &= Rff->pick(Pending, 3, countedStep(I + 1)) ==
              Random->pick(Pending, 3, countedStep(I + 1));
  }
  report(Same, "rff/no-constraints-is-random");

  // On the portfolio, the run runs member portfolio_member (pct d=1, 2, 3,
  // pos, random, swarm; the runner gives seed s member s mod 6) with its
  // depth: the same picks as that strategy. So does base auto for a run
  // with no constraint. Without portfolio_member (-1) it is member 0
  // whatever the seed: the seed chooses no member.
  const char *Members[] = {"pct", "pct", "pct", "pos", "random", "swarm"};
  bool SameMember = true;
  std::string Why;
  for (uint64_t Seed = 0; Seed != 180; ++Seed) {
    StrategyOptions O, M;
    O.rf_base = Seed < 60 || Seed >= 120 ? "portfolio" : "auto";
    O.portfolio_member = Seed < 120 ? int((Seed * 7 + 3) % 6) : -1;
    const int Of = O.portfolio_member < 0 ? 0 : O.portfolio_member;
    M.depth = Of < 3 ? Of + 1 : M.depth;
    auto Rff = make("rff"), Member = make(Members[Of]);
    Rff->beginRun(O, Seed);
    Member->beginRun(M, Seed);
    for (Tid T = 0; T != 3; ++T) {
      Rff->onThreadStart(T, T ? 0 : kNoTid);
      Member->onThreadStart(T, T ? 0 : kNoTid);
    }
    for (int I = 0; I != 20; ++I) {
      Tid A = Rff->pick(Pending, 3, countedStep(I + 1));
      Tid B = Member->pick(Pending, 3, countedStep(I + 1));
      if (A != B && SameMember) {
        SameMember = false;
        Why = "seed " + std::to_string(Seed) + " step " + std::to_string(I);
      }
      Rff->onExecuted(Pending[A], Pending, 3);
      Member->onExecuted(Pending[B], Pending, 3);
    }
  }
  report(SameMember, "rff/portfolio-base-is-the-member", Why);
}

} // namespace unittest
} // namespace schedsan
