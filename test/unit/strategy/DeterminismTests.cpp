//===- DeterminismTests.cpp - Group "determinism" -------------------------===//
//
// FILE:
//    test/unit/strategy/DeterminismTests.cpp
//
// DESCRIPTION:
//    Same (strategy, options, seed) => same schedule, whether the strategy
//    instance is fresh or reused; and some two seeds give different
//    schedules (a search: every seed the same one).
//===----------------------------------------------------------------------===//
#include "StrategyTest.h"

#include <string>
#include <vector>

using namespace schedsan::sim;

namespace schedsan {
namespace unittest {

void determinism() {
  auto Programs = testPrograms();
  auto Options = testOptions();
  for (const char *Name : AllStrategies) {
    bool Ok = true;
    std::string Why;
    bool Differs = false; // some two seeds give different schedules
    for (const Program &P : Programs)
      for (const StrategyOptions &O : Options) {
        // One instance reused across seeds, one fresh per run: a strategy
        // must carry nothing from one run into the next.
        auto Reused = make(Name);
        std::vector<uint8_t> First;
        for (uint64_t Seed = 0; Seed != 50 && Ok; ++Seed) {
          std::vector<uint8_t> A, B, C;
          auto Fresh = make(Name);
          Outcome OA = runOnce(P, *Reused, O, Seed, &A);
          Outcome OB = runOnce(P, *Fresh, O, Seed, &B);
          Outcome OC = runOnce(P, *Reused, O, Seed, &C);
          if (A != B || A != C || OA.key != OB.key ||
              OA.summary.steps != OC.summary.steps) {
            Ok = false;
            Why = P.name + " seed " + std::to_string(Seed);
          }
          if (Seed == 0)
            First = A;
          else if (A != First)
            Differs = true;
        }
      }
    report(Ok, std::string("determinism/") + Name, Why);
    if (isSearch(Name))
      report(!Differs, std::string("seeds-ignored/") + Name,
             Differs ? "a seed changed the schedule" : "");
    else
      report(Differs, std::string("seeds-matter/") + Name,
             Differs ? "" : "every seed gave the same schedule");
  }
}

} // namespace unittest
} // namespace schedsan
