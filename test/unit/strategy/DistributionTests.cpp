//===- DistributionTests.cpp - Group "distribution" -----------------------===//
//
// FILE:
//    test/unit/strategy/DistributionTests.cpp
//
// DESCRIPTION:
//    Random walk, and swarm with equal weights, produce every schedule of
//    a small program with the exact random-walk probability (chi-square);
//    swarm with unequal weights does not.
//===----------------------------------------------------------------------===//
#include "Examples.h"
#include "StrategyTest.h"

#include <math.h>
#include <stdio.h>

#include <map>
#include <string>
#include <vector>

using namespace schedsan::sim;

namespace schedsan {
namespace unittest {

namespace {

// Wilson-Hilferty: the chi-square quantile with Df degrees of freedom at
// standard normal quantile Z (accurate to <1% for Df >= 10).
double chiQuantile(double Df, double Z) {
  double A = 2.0 / (9.0 * Df);
  return Df * pow(1 - A + Z * sqrt(A), 3);
}

// Chi-square of the schedule distribution of S over Runs seeds against
// the exact random-walk distribution Exact.
double chiSquare(const Program &P, Strategy &S, const StrategyOptions &O,
                 const std::map<std::vector<uint8_t>, double> &Exact,
                 uint64_t Runs, uint64_t FirstSeed, bool *Unknown) {
  std::map<std::vector<uint8_t>, uint64_t> Seen;
  for (uint64_t I = 0; I != Runs; ++I) {
    std::vector<uint8_t> Order;
    runOnce(P, S, O, FirstSeed + I, &Order);
    ++Seen[Order];
  }
  double Chi = 0;
  *Unknown = false;
  for (const auto &KV : Seen)
    *Unknown |= !Exact.count(KV.first);
  for (const auto &KV : Exact) {
    double E = KV.second * Runs;
    auto It = Seen.find(KV.first);
    double N = It == Seen.end() ? 0 : It->second;
    Chi += (N - E) * (N - E) / E;
  }
  return Chi;
}

// Exact random-walk probability of every schedule (total order).
void exactSchedules(const Program &P, std::vector<unsigned> &Pos,
                    std::vector<uint8_t> &Order, double Prob,
                    std::map<std::vector<uint8_t>, double> &Out) {
  std::vector<unsigned> En;
  for (unsigned T = 0; T != P.threads.size(); ++T)
    if (Pos[T] != P.threads[T].size())
      En.push_back(T);
  if (En.empty()) {
    Out[Order] = Prob;
    return;
  }
  for (unsigned T : En) {
    ++Pos[T];
    Order.push_back(T);
    exactSchedules(P, Pos, Order, Prob / En.size(), Out);
    Order.pop_back();
    --Pos[T];
  }
}

} // namespace

void distribution() {
  // 3 threads x 2 events: 90 schedules with probabilities 1/4 .. 1/96ish
  // under random walk (6!/(2!2!2!) interleavings, 2 or 3 choices per step).
  Program P = microProgram({2, 2, 2}, 3, 2, 0, 5, "3x2");
  std::map<std::vector<uint8_t>, double> Exact;
  std::vector<unsigned> Pos(3, 0);
  std::vector<uint8_t> Order;
  exactSchedules(P, Pos, Order, 1.0, Exact);
  const uint64_t Runs = 200000;
  const double Df = Exact.size() - 1;
  // P(false failure) = 1e-6 per check: standard normal quantile 4.753.
  const double Critical = chiQuantile(Df, 4.753);
  struct Case {
    const char *Label;
    const char *Name;
    StrategyOptions O;
    bool Uniform; // expected to follow the random walk
  };
  StrategyOptions Equal;
  Equal.swarm_wmin = Equal.swarm_wmax = 7;
  StrategyOptions EqualD1 = Equal;
  EqualD1.depth = 1;
  StrategyOptions Weighted; // default 1..50
  std::vector<Case> Cases = {
      {"random", "random", StrategyOptions(), true},
      {"swarm-equal-weights", "swarm", Equal, true},
      {"swarm-equal-weights-d=1", "swarm", EqualD1, true},
      // Power: unequal weights must be told apart from the random walk
      // (its expected chi-square here is in the thousands; a pass of the
      // uniformity test would be a failure to detect).
      {"swarm-weights-1..50-differs", "swarm", Weighted, false},
  };
  for (const Case &C : Cases) {
    auto S = make(C.Name);
    bool Unknown;
    double Chi = chiSquare(P, *S, C.O, Exact, Runs, 1000, &Unknown);
    bool Ok = !Unknown && (C.Uniform ? Chi < Critical : Chi > Critical);
    char Why[128];
    snprintf(Why, sizeof Why, "chi-square %.1f, critical %.1f (df %.0f)", Chi,
             Critical, Df);
    report(Ok, std::string("distribution/") + C.Label, Why);
  }
}

} // namespace unittest
} // namespace schedsan
