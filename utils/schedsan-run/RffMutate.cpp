//===- RffMutate.cpp - One mutation of an abstract schedule ---------------===//
//
// FILE:
//    utils/schedsan-run/RffMutate.cpp
//
// DESCRIPTION:
//    See RffMutate.h.
//===----------------------------------------------------------------------===//
#include "RffMutate.h"
#include "strategy/ReadsFrom.h"

#include <algorithm>
#include <set>

namespace schedsan::run {

namespace {

enum class Op { Pin, Negate, Redirect, Drop, Flip };

// The thread part of an event key (0: none; runtime/strategy/ReadsFrom.h).
uint64_t threadOf(uint64_t Key) { return Key >> kRfSiteBits; }

// Pins P, then the pairs of Own whose reads the writer of a pinned pair
// made (the values its write may have come from), and so on, while Set has
// room; at most one constraint per read.
void pinWithHistory(const RfPair &P, const std::vector<RfPair> &Own,
                    std::set<uint64_t> &Constrained,
                    std::vector<RfConstraint> &Set) {
  std::vector<const RfPair *> Work = {&P};
  Constrained.insert(P.Read);
  std::set<uint64_t> Threads;
  while (!Work.empty() && Set.size() < kRffMaxConstraints) {
    const RfPair &Q = *Work.back();
    Work.pop_back();
    Set.push_back({Q.Read, Q.Write, false});
    const uint64_t Writer = threadOf(Q.Write);
    if (!Writer || !Threads.insert(Writer).second)
      continue;
    for (const RfPair &H : Own)
      if (H.Read && threadOf(H.Read) == Writer &&
          Constrained.insert(H.Read).second)
        Work.push_back(&H);
  }
}

} // namespace

std::vector<RfConstraint>
mutateConstraints(std::vector<RfConstraint> Set, const std::vector<RfPair> &Own,
                  const std::vector<uint64_t> &OwnRuns,
                  const RffWritesOf &WritesOf, Rng &G) {
  std::set<uint64_t> Constrained;
  for (const RfConstraint &C : Set)
    Constrained.insert(C.Read);
  // The pairs of reads not constrained yet, the rarest of them, and those
  // with another write to read from.
  std::vector<const RfPair *> Free, Rarest, Redirectable;
  uint64_t Fewest = UINT64_MAX;
  for (size_t I = 0; I != Own.size(); ++I) {
    const RfPair &P = Own[I];
    if (!P.Read || Constrained.count(P.Read)) // 0: a read at no known site
      continue;
    Free.push_back(&P);
    const uint64_t Runs = I < OwnRuns.size() ? OwnRuns[I] : 0;
    if (Runs < Fewest)
      Rarest.clear();
    if (Runs <= Fewest) {
      Fewest = Runs;
      Rarest.push_back(&P);
    }
    auto It = WritesOf.find(P.Read);
    if (It != WritesOf.end() &&
        std::any_of(It->second.begin(), It->second.end(),
                    [&](uint64_t W) { return W != P.Write; }))
      Redirectable.push_back(&P);
  }
  std::vector<Op> Ops;
  if (Set.size() < kRffMaxConstraints && !Free.empty()) {
    Ops.push_back(Op::Pin);
    Ops.push_back(Op::Negate);
  }
  if (Set.size() < kRffMaxConstraints && !Redirectable.empty())
    Ops.push_back(Op::Redirect);
  if (!Set.empty()) {
    Ops.push_back(Op::Drop);
    Ops.push_back(Op::Flip);
  }
  if (Ops.empty())
    return {};
  switch (Ops[G.below(Ops.size())]) {
  case Op::Pin:
    pinWithHistory(*Rarest[G.below(Rarest.size())], Own, Constrained, Set);
    break;
  case Op::Negate: {
    const RfPair &P = *Free[G.below(Free.size())];
    Set.push_back({P.Read, P.Write, true});
    break;
  }
  case Op::Redirect: {
    const RfPair &P = *Redirectable[G.below(Redirectable.size())];
    std::vector<uint64_t> Others;
    for (uint64_t W : WritesOf.at(P.Read))
      if (W != P.Write)
        Others.push_back(W);
    Set.push_back({P.Read, Others[G.below(Others.size())], false});
    break;
  }
  case Op::Drop:
    Set.erase(Set.begin() + G.below(Set.size()));
    break;
  case Op::Flip: {
    RfConstraint &C = Set[G.below(Set.size())];
    C.Not = !C.Not;
    break;
  }
  }
  // The newest constraints go first when the list would be too long to
  // print (a report's replay line, a trace's options).
  while (formatConstraints(Set).size() > kRffMaxConstraintsText)
    Set.pop_back();
  canonicalize(Set);
  return Set;
}

} // namespace schedsan::run
