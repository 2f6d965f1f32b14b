//===- PartialOrders.h - Exact partial-order analysis of model programs ---===//
//
// FILE:
//    utils/strategy-model/PartialOrders.h
//
// DESCRIPTION:
//    What the POS paper's Table 1/2 report about each micro-benchmark
//    program, computed exactly: the distinct partial orders of its
//    terminating traces (enumerated once each by a depth-first search with
//    sleep sets over the static dependence relation), and for each partial
//    order E
//    - the probability that random walk produces it (sum over the
//      linearizations of E of the product of 1/|enabled|, by dynamic
//      programming over the prefixes of E: the paper also computed random
//      walk's figures exactly);
//    - the fewest preemptions of any linearization (a switch away from a
//      thread whose next event is enabled): PCT is given d-1 = the maximum
//      over E, as the paper did;
//    - the races D_E of Theorem 1: pairs of dependent events of different
//      threads that are both enabled after some prefix that follows E.
//    Needs packed keys (Program::packedKey).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_SIM_PARTIALORDERS_H
#define SCHEDSAN_SIM_PARTIALORDERS_H

#include "Model.h"

#include <vector>

namespace schedsan {
namespace sim {

struct OrderInfo {
  uint64_t key = 0;
  double rwProb = 0;        // exact probability under random walk
  unsigned preemptions = 0; // fewest preemptions of a linearization
  unsigned races = 0;       // D_E
};

struct Analysis {
  std::vector<OrderInfo> orders; // sorted by key
  unsigned maxPreemptions = 0;
  unsigned maxRaces = 0;
  double rwMin = 0; // min over orders of rwProb
  double rwSum = 0; // 1 when no schedule deadlocks
  // Open-addressing index over orders[].key for findOrder.
  std::vector<int32_t> table;
};

Analysis analyze(const Program &P);

// Keys of every terminating interleaving, deduplicated (brute force; for
// checking analyze() on small programs).
std::vector<uint64_t> bruteForceKeys(const Program &P);

// Index of Key in A.orders, or -1.
long findOrder(const Analysis &A, uint64_t Key);

} // namespace sim
} // namespace schedsan

#endif // SCHEDSAN_SIM_PARTIALORDERS_H
