//===- StrategyTest.h - What the strategy unit tests share ----------------===//
//
// FILE:
//    test/unit/strategy/StrategyTest.h
//
// DESCRIPTION:
//    What every group of schedsan-strategy-test uses: report() prints
//    one "PASS name" / "FAIL name: why" line and counts the failures;
//    make() creates a strategy by name; AllStrategies lists the names of
//    Strategies.def; testPrograms() and testOptions() are the programs and
//    option sets the determinism, invariant and lease checks run every
//    strategy on; ev() builds one pending event for checks that drive a
//    strategy by hand.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_UNITTEST_STRATEGYTEST_H
#define SCHEDSAN_UNITTEST_STRATEGYTEST_H

#include "Model.h"
#include "StrategyTable.h"

#include <stdint.h>

#include <memory>
#include <string>
#include <vector>

namespace schedsan {
namespace unittest {

// Prints "PASS Name", "PASS Name (Why)" or "FAIL Name: Why".
void report(bool Ok, const std::string &Name, const std::string &Why = "");
// How many checks report() saw fail.
int failures();

// The strategy names, in Strategies.def's order.
inline const char *const AllStrategies[] = {
#define SCHEDSAN_STRATEGY(Name, Class, Caps) #Name,
#include "Strategies.def"
};

// A systematic search (dfs): its schedule is decided by the prefix it
// follows, not by the seed, and it grants no leases.
inline bool isSearch(const char *Name) {
  const StrategyInfo *S = findStrategy(Name);
  return S && S->has(Systematic);
}

// Exits the program (after a FAIL line) when Name is not a strategy.
std::unique_ptr<Strategy> make(const char *Name);

// Random programs with blocking: T threads of E events over O memory
// objects and one semaphore; every wait has a matching signal somewhere,
// though a schedule may still deadlock (runOnce stops there).
sim::Program blockingProgram(uint64_t Seed, unsigned T, unsigned E);

std::vector<sim::Program> testPrograms();
std::vector<StrategyOptions> testOptions();

// An event of thread T on an object of its own (it races with nothing).
Event ev(Tid T, EventKind K, uint64_t Seq, bool Yield = false);

// The point of a hand-driven check's Counted-th counted step (its own
// number as the step; no running thread).
inline Point countedStep(uint64_t Counted) {
  Point P;
  P.step = Counted;
  P.counted = Counted;
  return P;
}

} // namespace unittest
} // namespace schedsan

#endif // SCHEDSAN_UNITTEST_STRATEGYTEST_H
