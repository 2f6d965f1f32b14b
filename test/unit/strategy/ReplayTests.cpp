//===- ReplayTests.cpp - Group "replay" -----------------------------------===//
//
// FILE:
//    test/unit/strategy/ReplayTests.cpp
//
// DESCRIPTION:
//    Record, then replay: the decisions a run writes to its trace, followed
//    by ReplayStrategy, give the same schedule -- even when the seeded
//    strategy run in lockstep is seeded otherwise, so the recording (not the
//    seed) decides; and a recording that does not fit diverges.
//===----------------------------------------------------------------------===//
#include "StrategyTest.h"

#include <string>
#include <vector>

using namespace schedsan::sim;

namespace schedsan {
namespace unittest {

namespace {

struct Divergence {
  unsigned Count = 0;
  uint64_t Step = 0;
  std::string Why;
};

void noteDivergence(void *Ctx, uint64_t Step, size_t, size_t, const char *Why) {
  auto *D = static_cast<Divergence *>(Ctx);
  ++D->Count;
  D->Step = Step;
  D->Why = Why;
}

} // namespace

// For every strategy, test program, option set and 50 seeds: the schedule
// of the run equals the schedule of its replay, with the lockstep strategy
// seeded with Seed + 1000, and the replay follows every decision without
// diverging. Then a tampered recording (its first pick's thread replaced
// by one that is not live) diverges once, at that pick's step.
void replay() {
  auto Programs = testPrograms();
  auto Options = testOptions();
  for (const char *Name : AllStrategies) {
    bool Ok = true, Diverges = true;
    std::string Why;
    uint64_t Decisions = 0;
    auto Recorder = make(Name);
    for (const Program &P : Programs)
      for (const StrategyOptions &O : Options)
        for (uint64_t Seed = 0; Seed != 50 && Ok; ++Seed) {
          std::vector<uint8_t> A, B;
          std::vector<Decision> Log;
          runOnce(P, *Recorder, O, Seed, &A, Driver::Runtime, &Log);
          Decisions += Log.size();
          Divergence D;
          ReplayStrategy R(Log.data(), Log.size(), 0, make(Name).release(),
                           noteDivergence, &D);
          runOnce(P, R, O, Seed + 1000, &B, Driver::Runtime);
          if (A != B || D.Count || R.used() != Log.size()) {
            Ok = false;
            Why = P.name + " depth " + std::to_string(O.depth) + " seed " +
                  std::to_string(Seed) + (D.Count ? " diverged: " + D.Why : "");
          }
          if (Log.empty())
            continue;
          std::vector<Decision> Bad = Log;
          Bad[0].Value = 200; // no such thread
          Divergence DB;
          ReplayStrategy RB(Bad.data(), Bad.size(), 0, make(Name).release(),
                            noteDivergence, &DB);
          runOnce(P, RB, O, Seed, nullptr, Driver::Runtime);
          if (DB.Count != 1 || DB.Step != Bad[0].Step)
            Diverges = false;
        }
    report(Ok && Decisions > 0, std::string("replay/same-schedule/") + Name,
           Ok ? std::to_string(Decisions) + " decisions followed" : Why);
    report(Diverges, std::string("replay/tampered-diverges/") + Name);
  }
}

} // namespace unittest
} // namespace schedsan
