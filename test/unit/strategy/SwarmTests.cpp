//===- SwarmTests.cpp - Group "invariants": swarm -------------------------===//
//
// FILE:
//    test/unit/strategy/SwarmTests.cpp
//
// DESCRIPTION:
//    Swarm's weight reuse (swarm_reuse seeds share weights, not choices;
//    the next group draws new weights) and the weight range.
//===----------------------------------------------------------------------===//
#include "Examples.h"
#include "StrategyTest.h"

#include <stdlib.h>

#include <string>
#include <vector>

using namespace schedsan::sim;

namespace schedsan {
namespace unittest {

namespace {

std::string weightsOf(const Strategy &S) {
  char Buf[512];
  S.describe(Buf, sizeof Buf);
  std::string D = Buf;
  return D.substr(0, D.find(" change points:"));
}

} // namespace

// swarm_reuse = x: the x seeds of a group share weights, not choices.
void swarmReuse() {
  Program P = microProgram({4, 4, 4, 4}, 4, 4, 0, 13, "micro");
  auto S = make("swarm");
  StrategyOptions O;
  O.swarm_reuse = 4;
  bool Shared = true, ChoicesDiffer = true, GroupsDiffer = true;
  std::string Why;
  for (uint64_t Group = 0; Group != 200; ++Group) {
    std::vector<std::string> W;
    std::vector<std::vector<uint8_t>> Orders;
    for (uint64_t I = 0; I != 4; ++I) {
      std::vector<uint8_t> Order;
      runOnce(P, *S, O, Group * 4 + I, &Order);
      Orders.push_back(Order);
      // Initial weights only (d = 3 change points may redraw some).
      StrategyOptions Init = O;
      Init.depth = 1;
      runOnce(P, *S, Init, Group * 4 + I);
      W.push_back(weightsOf(*S));
    }
    for (uint64_t I = 1; I != 4; ++I)
      if (W[I] != W[0]) {
        Shared = false;
        Why = W[0] + " vs " + W[I];
      }
    // Four schedules of 16 events all equal: never for these weights in
    // practice (each has probability < 1/4 of repeating the first).
    if (Orders[1] == Orders[0] && Orders[2] == Orders[0] &&
        Orders[3] == Orders[0])
      ChoicesDiffer = false;
    // The next group draws new weights: 4 threads with equal weights in
    // [1, 50] has probability 50^-4.
    StrategyOptions Init = O;
    Init.depth = 1;
    runOnce(P, *S, Init, Group * 4 + 4);
    if (weightsOf(*S) == W[0])
      GroupsDiffer = false;
  }
  report(Shared, "swarm/reuse-shares-weights", Why);
  report(ChoicesDiffer, "swarm/reuse-keeps-choices-apart");
  report(GroupsDiffer, "swarm/groups-draw-new-weights");
  // Weights stay in [wmin, wmax].
  bool InRange = true;
  for (uint64_t Seed = 0; Seed != 300; ++Seed) {
    StrategyOptions R;
    R.swarm_wmin = 5;
    R.swarm_wmax = 9;
    runOnce(P, *S, R, Seed);
    std::string D = weightsOf(*S);
    for (size_t At = D.find('='); At != std::string::npos;
         At = D.find('=', At + 1)) {
      int V = atoi(D.c_str() + At + 1);
      InRange &= V >= 5 && V <= 9;
    }
  }
  report(InRange, "swarm/weights-in-range");
}

} // namespace unittest
} // namespace schedsan
