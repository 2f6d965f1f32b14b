//===- InvariantTests.cpp - Group "invariants": all strategies ------------===//
//
// FILE:
//    test/unit/strategy/InvariantTests.cpp
//
// DESCRIPTION:
//    The invariant every strategy keeps: it picks an enabled thread. The
//    group's per-strategy checks are in PctTests.cpp, PosTests.cpp and
//    SwarmTests.cpp.
//===----------------------------------------------------------------------===//
#include "StrategyTest.h"

#include <string>

using namespace schedsan::sim;

namespace schedsan {
namespace unittest {

// runOnce aborts when a strategy picks a disabled or absent thread; this
// drives every strategy over programs with blocking and many seeds.
void enabledPicks() {
  auto Programs = testPrograms();
  auto Options = testOptions();
  for (const char *Name : AllStrategies) {
    auto S = make(Name);
    uint64_t Runs = 0;
    for (const Program &P : Programs)
      for (const StrategyOptions &O : Options)
        for (uint64_t Seed = 100; Seed != 400; ++Seed, ++Runs)
          runOnce(P, *S, O, Seed);
    report(Runs > 0, std::string("enabled-picks/") + Name);
  }
}

} // namespace unittest
} // namespace schedsan
