//===- RffMutate.cpp - One mutation of an abstract schedule ---------------===//
//
// FILE:
//    utils/schedsan-run/RffMutate.cpp
//
// DESCRIPTION:
//    See RffMutate.h.
//===----------------------------------------------------------------------===//
#include "RffMutate.h"

#include <algorithm>
#include <set>

namespace schedsan::run {

namespace {

enum class Op { Negate, Redirect, Drop, Flip };

} // namespace

std::vector<RfConstraint> mutateConstraints(std::vector<RfConstraint> Set,
                                            const std::vector<RfPair> &Own,
                                            const RffWritesOf &WritesOf,
                                            Rng &G) {
  std::set<uint64_t> Constrained;
  for (const RfConstraint &C : Set)
    Constrained.insert(C.Read);
  // The pairs of reads not constrained yet, and of them those with another
  // write to read from.
  std::vector<const RfPair *> Free, Redirectable;
  for (const RfPair &P : Own) {
    if (Constrained.count(P.Read))
      continue;
    Free.push_back(&P);
    auto It = WritesOf.find(P.Read);
    if (It != WritesOf.end() &&
        std::any_of(It->second.begin(), It->second.end(),
                    [&](uint64_t W) { return W != P.Write; }))
      Redirectable.push_back(&P);
  }
  std::vector<Op> Ops;
  if (Set.size() < kRffMaxConstraints && !Free.empty())
    Ops.push_back(Op::Negate);
  if (Set.size() < kRffMaxConstraints && !Redirectable.empty())
    Ops.push_back(Op::Redirect);
  if (!Set.empty()) {
    Ops.push_back(Op::Drop);
    Ops.push_back(Op::Flip);
  }
  if (Ops.empty())
    return {};
  switch (Ops[G.below(Ops.size())]) {
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
  canonicalize(Set);
  return Set;
}

} // namespace schedsan::run
