//===- StrategyTestMain.cpp - schedsan-strategy-test (fixed seeds) --------===//
//
// FILE:
//    test/unit/strategy/StrategyTestMain.cpp
//
// DESCRIPTION:
//    schedsan-strategy-test GROUP runs one group of checks on the strategy
//    classes and the simulator's model (utils/strategy-model/), prints one
//    "PASS name" / "FAIL name: why" line per check and exits 1 if any
//    failed. Groups (test/strategies/ has one lit test per group; the
//    functions of each are listed in StrategyTests.def):
//      determinism     same (strategy, options, seed) => same schedule
//      invariants      enabled picks, PCT change points and priorities,
//                      final wait, starvation, POS yield loops, swarm
//                      weight reuse
//      distribution    random == swarm with equal weights (chi-square)
//      partial-orders  the exact analysis against brute force
//      leases          runs with and without leases make the same choices
//    Every random check uses fixed seeds, so it passes or fails the same
//    way on every run; where a check is statistical, the probability that
//    a correct implementation fails it (over the choice of seeds) is
//    written next to it.
//
//    The strategies are compiled into this binary with assertions on
//    (see CMakeLists.txt), so their assert()ed invariants are checked too.
//
// USAGE:
//    schedsan-strategy-test determinism|invariants|distribution|
//                           partial-orders|leases|all
//===----------------------------------------------------------------------===//
#include "StrategyTest.h"

#include <stdio.h>

#include <string>

namespace schedsan {
namespace unittest {
#define SCHEDSAN_STRATEGY_TEST(Group, Function) void Function();
#include "StrategyTests.def"
#undef SCHEDSAN_STRATEGY_TEST
} // namespace unittest
} // namespace schedsan

namespace {

struct Check {
  const char *Group;
  void (*Run)();
};

const Check Checks[] = {
#define SCHEDSAN_STRATEGY_TEST(Group, Function)                                \
  {Group, schedsan::unittest::Function},
#include "StrategyTests.def"
#undef SCHEDSAN_STRATEGY_TEST
};

// "determinism|invariants|...|all": the groups in the order of the list.
std::string groupList() {
  std::string List;
  const char *Last = "";
  for (const Check &C : Checks) {
    if (std::string(C.Group) == Last)
      continue;
    List += std::string(C.Group) + "|";
    Last = C.Group;
  }
  return List + "all";
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    fprintf(stderr, "usage: schedsan-strategy-test %s\n", groupList().c_str());
    return 2;
  }
  std::string G = Argv[1];
  bool Any = false;
  for (const Check &C : Checks)
    if (G == "all" || G == C.Group) {
      C.Run();
      Any = true;
    }
  if (!Any) {
    fprintf(stderr, "schedsan-strategy-test: unknown group %s\n", Argv[1]);
    return 2;
  }
  int Failures = schedsan::unittest::failures();
  printf("%s: %d failed\n", Failures ? "FAIL" : "OK", Failures);
  return Failures ? 1 : 0;
}
