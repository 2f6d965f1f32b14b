//===- ReplayTests.cpp - Group "replay" -----------------------------------===//
//
// FILE:
//    test/unit/strategy/ReplayTests.cpp
//
// DESCRIPTION:
//    Record, then replay: the decisions a run writes to its trace, followed
//    by ReplayStrategy, give the same schedule -- even when the seeded
//    strategy run in lockstep is seeded otherwise, so the recording (not the
//    seed) decides; and a recording that does not fit diverges. With
//    Then::RunOn, a recording that fits is followed as it is, and an empty
//    one gives one non-preemptive schedule whatever the strategy and seed.
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

// Then::RunOn: every strategy's recording, followed running on, gives its
// schedule; with no recording, every strategy and seed give the schedule
// of the first strategy's seed 0 (the running thread goes on while it is
// enabled, else the lowest enabled one), and nothing diverges.
void replayRunOn() {
  auto Programs = testPrograms();
  auto Options = testOptions();
  for (const char *Name : AllStrategies) {
    bool Same = true, OneSchedule = true;
    std::string Why;
    auto Recorder = make(Name);
    for (const Program &P : Programs)
      for (const StrategyOptions &O : Options)
        for (uint64_t Seed = 0; Seed != 50 && Same && OneSchedule; ++Seed) {
          std::vector<uint8_t> A, B, C, Base;
          std::vector<Decision> Log;
          runOnce(P, *Recorder, O, Seed, &A, Driver::Runtime, &Log);
          Divergence D;
          ReplayStrategy R(Log.data(), Log.size(), 0, make(Name).release(),
                           noteDivergence, &D, ReplayStrategy::Then::RunOn);
          runOnce(P, R, O, Seed + 1000, &B, Driver::Runtime);
          if (A != B || D.Count) {
            Same = false;
            Why = P.name + " seed " + std::to_string(Seed);
          }
          Divergence DE;
          ReplayStrategy E(nullptr, 0, 0, make(Name).release(), noteDivergence,
                           &DE, ReplayStrategy::Then::RunOn);
          runOnce(P, E, O, Seed, &C, Driver::Runtime);
          ReplayStrategy F(nullptr, 0, 0, make(AllStrategies[0]).release(),
                           nullptr, nullptr, ReplayStrategy::Then::RunOn);
          runOnce(P, F, O, 0, &Base, Driver::Runtime);
          if (C != Base || DE.Count) {
            OneSchedule = false;
            Why = P.name + " seed " + std::to_string(Seed);
          }
        }
    report(Same, std::string("replay/run-on-same-schedule/") + Name, Why);
    report(OneSchedule, std::string("replay/run-on-empty/") + Name, Why);
  }
}

} // namespace unittest
} // namespace schedsan
