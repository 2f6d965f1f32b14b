//===- LeaseTests.cpp - Group "leases" ------------------------------------===//
//
// FILE:
//    test/unit/strategy/LeaseTests.cpp
//
// DESCRIPTION:
//    Runs with and without leases make the same choices.
//===----------------------------------------------------------------------===//
#include "StrategyTest.h"

#include <string>
#include <vector>

using namespace schedsan::sim;

namespace schedsan {
namespace unittest {

// A lease (Strategy.h) must never change a schedule: driven as the runtime
// drives it, every strategy makes the same choices and reports the same
// steps with and without leases, on every test program, option set and
// seed; and every strategy does grant leases somewhere (else this checks
// nothing).
void leases() {
  auto Programs = testPrograms();
  for (uint64_t S = 3; S != 13; ++S)
    Programs.push_back(blockingProgram(S, 3, 12));
  auto Options = testOptions();
  for (const char *Name : AllStrategies) {
    bool Ok = true;
    std::string Why;
    uint64_t Leased = 0, Runs = 0;
    auto Plain = make(Name), Leasing = make(Name);
    for (const Program &P : Programs)
      for (const StrategyOptions &O : Options)
        for (uint64_t Seed = 0; Seed != 100 && Ok; ++Seed, ++Runs) {
          std::vector<uint8_t> A, B;
          Outcome OA = runOnce(P, *Plain, O, Seed, &A, Driver::Runtime);
          Outcome OB = runOnce(P, *Leasing, O, Seed, &B, Driver::RuntimeLeases);
          Leased += OB.leased;
          if (A != B || OA.key != OB.key || OA.deadlock != OB.deadlock ||
              OA.summary.steps != OB.summary.steps || OA.leased) {
            Ok = false;
            Why = P.name + " depth " + std::to_string(O.depth) + " seed " +
                  std::to_string(Seed);
          }
        }
    report(Ok, std::string("leases/same-schedule/") + Name, Why);
    if (isSearch(Name))
      report(Leased == 0, std::string("leases/none/") + Name,
             std::to_string(Leased) + " points leased in " +
                 std::to_string(Runs) + " runs");
    else
      report(Leased > 0, std::string("leases/granted/") + Name,
             std::to_string(Leased) + " points leased in " +
                 std::to_string(Runs) + " runs");
  }
}

} // namespace unittest
} // namespace schedsan
