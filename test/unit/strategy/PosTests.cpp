//===- PosTests.cpp - Group "invariants": POS -----------------------------===//
//
// FILE:
//    test/unit/strategy/PosTests.cpp
//
// DESCRIPTION:
//    POS, POS* and BasicPOS end yield loops: the waiting event's priority
//    is redrawn after pos_reset_yields yields.
//===----------------------------------------------------------------------===//
#include "StrategyTest.h"

#include <string>

using namespace schedsan::sim;

namespace schedsan {
namespace unittest {

// POS fairness (§5): a spinning thread draws a fresh priority for each
// yield, but the waiting event keeps its priority p and is passed over
// (1-p)^k times with probability 1/(k+1) on average: long delays are
// likely without the reset. With pos_reset_yields = 1 every yield redraws
// both priorities: P(the spinner wins 60 times in a row) = 2^-60. With the
// default 1000, each window of 1000 yields passes the waiting event over
// with probability about 1/1001, so P(3000 yields) is about 1e-9 per seed.
void posYields() {
  for (const char *Name : {"pos", "pos_strict", "basic_pos"}) {
    auto S = make(Name);
    bool Ok = true;
    std::string Why;
    for (unsigned Reset : {1000u, 1u})
      for (uint64_t Seed = 0; Seed != 1000; ++Seed) {
        StrategyOptions O;
        O.pos_reset_yields = Reset;
        const uint64_t Bound = Reset == 1 ? 60 : 3000;
        S->beginRun(O, Seed);
        S->onThreadStart(0, kNoTid);
        S->onThreadStart(1, 0);
        for (uint64_t Seq = 1;; ++Seq) {
          Event P[2] = {ev(0, EventKind::Yield, Seq, true),
                        ev(1, EventKind::Write, 1)};
          Tid T = S->pick(P, 2, countedStep(Seq));
          if (T == 1)
            break;
          S->onExecuted(P[0], P, 2);
          if (Seq > Bound) {
            Ok = false;
            Why = "reset " + std::to_string(Reset) + " seed " +
                  std::to_string(Seed);
            break;
          }
        }
        S->endRun(0);
      }
    report(Ok, std::string("pos/yield-loops-end/") + Name, Why);
  }
}

} // namespace unittest
} // namespace schedsan
