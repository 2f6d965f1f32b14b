//===- PartialOrderTests.cpp - Group "partial-orders" ---------------------===//
//
// FILE:
//    test/unit/strategy/PartialOrderTests.cpp
//
// DESCRIPTION:
//    The exact partial-order analysis (PartialOrders.h) against brute
//    force, the running example's figures, and sampling against the exact
//    random walk.
//===----------------------------------------------------------------------===//
#include "Examples.h"
#include "PartialOrders.h"
#include "StrategyTest.h"

#include <math.h>

#include <string>
#include <vector>

using namespace schedsan::sim;

namespace schedsan {
namespace unittest {

void partialOrders() {
  bool Ok = true;
  std::string Why;
  std::vector<Program> Ps;
  for (uint64_t S = 0; S != 6; ++S) {
    Ps.push_back(microProgram({3, 3, 3}, 3, 3, 0, S, "3x3"));
    Ps.push_back(microProgram({1, 2, 6}, 3, 3, 4, S, "3x3-reads"));
    Ps.push_back(microProgram({2, 2, 2, 2}, 4, 2, 3, S, "4x2-reads"));
  }
  for (uint64_t S = 0; S != 4; ++S) {
    Program B = blockingProgram(S, 3, 3);
    if (B.packedKey())
      Ps.push_back(B);
  }
  Ps.push_back(posRunningExample());
  for (const Program &P : Ps) {
    Analysis A = analyze(P);
    std::vector<uint64_t> Brute = bruteForceKeys(P);
    std::vector<uint64_t> Sleep;
    for (const OrderInfo &I : A.orders)
      Sleep.push_back(I.key);
    if (Sleep != Brute) {
      Ok = false;
      Why = P.name + ": sleep sets " + std::to_string(Sleep.size()) +
            " orders, brute force " + std::to_string(Brute.size());
    }
    // Random walk's probabilities over the partial orders sum to the
    // probability of not deadlocking; 1 without blocking.
    bool Blocks = P.name == "blocking" || P.name == "pos-running";
    if (!Blocks && fabs(A.rwSum - 1) > 1e-9) {
      Ok = false;
      Why = P.name + ": probabilities sum to " + std::to_string(A.rwSum);
    }
  }
  report(Ok, "partial-orders/sleep-sets-equal-brute-force", Why);
  // The running example: the failing partial order has exactly the one
  // linearization B1 A1 B2 B3 A2 A3 B4 B5 B6 A4, random walk 1/128.
  Program P = posRunningExample();
  Analysis A = analyze(P);
  long I = findOrder(A, replay(P, posBugOrder()).key);
  report(I >= 0 && fabs(A.orders[I].rwProb - 1.0 / 128) < 1e-12,
         "partial-orders/running-example-rw=1/128");
  report(fabs(A.rwSum - 1) < 1e-12, "partial-orders/running-example-sum=1");
  // Sampled keys are known keys, and sampling agrees with the exact random
  // walk on the most likely order: 200000 runs, 5 standard errors
  // (P(false failure) 6e-7).
  Program M = microProgram({2, 2, 2, 2}, 4, 2, 0, 3, "4x2");
  Analysis AM = analyze(M);
  auto S = make("random");
  std::vector<uint64_t> Count(AM.orders.size(), 0);
  bool Known = true;
  for (uint64_t Seed = 0; Seed != 200000; ++Seed) {
    long J = findOrder(AM, runOnce(M, *S, StrategyOptions(), Seed).key);
    if (J < 0)
      Known = false;
    else
      ++Count[J];
  }
  size_t Top = 0;
  for (size_t J = 0; J != AM.orders.size(); ++J)
    if (AM.orders[J].rwProb > AM.orders[Top].rwProb)
      Top = J;
  double Pe = AM.orders[Top].rwProb;
  double Z = (Count[Top] / 200000.0 - Pe) / sqrt(Pe * (1 - Pe) / 200000.0);
  report(Known, "partial-orders/sampled-keys-enumerated");
  report(fabs(Z) < 5, "partial-orders/sampling-matches-exact",
         "z = " + std::to_string(Z));
}

} // namespace unittest
} // namespace schedsan
