//===- RffMutate.cpp - One mutation of an abstract schedule ---------------===//
//
// FILE:
//    utils/schedsan-run/explore/RffMutate.cpp
//
// DESCRIPTION:
//    See RffMutate.h.
//===----------------------------------------------------------------------===//
#include "explore/RffMutate.h"
#include "ReadsFrom.h"

#include <algorithm>
#include <set>
#include <unordered_set>

namespace schedsan::run {

namespace {

enum class Op {
  Pin,
  Follow,
  FollowAll,
  Advance,
  AdvanceAll,
  Negate,
  Redirect,
  Drop,
  Flip
};

// The thread part of an event key (0: none; common/ReadsFrom.h).
uint64_t threadOf(uint64_t Key) { return rfThreadPart((uint32_t)Key); }

// The writes a run's pairs show (each one some read of the run read).
class RunWrites {
public:
  explicit RunWrites(const std::vector<RfPair> &Pairs) {
    for (const RfPair &P : Pairs)
      Written.insert(P.Write);
  }
  // The write at W's site in the thread whose key part is T, if the run
  // made it (0 if not).
  uint64_t writeOf(uint64_t W, uint64_t T) const {
    const uint64_t There = rfInThread((uint32_t)W, (uint32_t)T);
    return T && Written.count(There) ? There : 0;
  }
  // A link: read R read W, and R's thread wrote at W's site (it acted on
  // the value). A read in a thread that saw W and did not is idle.
  bool isLink(uint64_t W, uint64_t R) const {
    return writeOf(W, threadOf(R)) != 0;
  }

private:
  std::unordered_set<uint64_t> Written;
};

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

size_t linksOf(const std::vector<RfPair> &Pairs) {
  const RunWrites Writes(Pairs);
  size_t N = 0;
  for (const RfPair &P : Pairs)
    N += Writes.isLink(P.Write, P.Read);
  return N;
}

std::vector<RfConstraint>
mutateConstraints(std::vector<RfConstraint> Set, const std::vector<RfPair> &Own,
                  const std::vector<uint64_t> &OwnRuns,
                  const RffWritesOf &WritesOf, Rng &G, RffMutation Kind) {
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
  // The run's writes, the threads that read each, and its free reads by
  // site (indexes: a run may have thousands of pairs).
  const RunWrites Writes(Own);
  std::map<uint64_t, std::vector<uint64_t>> ReaderThreads; // by write
  std::map<uint64_t, std::vector<uint64_t>> FreeReadsAt;   // by read site
  for (const RfPair &P : Own)
    if (threadOf(P.Read))
      ReaderThreads[P.Write].push_back(threadOf(P.Read));
  for (const RfPair *P : Free) {
    std::vector<uint64_t> &At = FreeReadsAt[rfSite((uint32_t)P->Read)];
    if (threadOf(P->Read) &&
        std::find(At.begin(), At.end(), P->Read) == At.end())
      At.push_back(P->Read);
  }

  // Follow: for a pair (site w in thread U -> site r in thread T), thread
  // T's own write at w (one the run made) read at r by other threads T'
  // whose reads are free and idle: the pattern one step on, as in a chain
  // of threads running one function, each acting on what the one before
  // wrote. The pattern is one of the rarest pairs that has such a step.
  // Each step: T's write at w, and the reads that may read it.
  std::vector<std::pair<uint64_t, std::vector<uint64_t>>> Steps;
  uint64_t FewestStep = UINT64_MAX;
  for (size_t I = 0; I != Own.size(); ++I) {
    const RfPair &P = Own[I];
    const uint64_t Runs = I < OwnRuns.size() ? OwnRuns[I] : 0;
    const uint64_t Next =
        threadOf(P.Write) ? Writes.writeOf(P.Write, threadOf(P.Read)) : 0;
    if (!Next || Runs > FewestStep)
      continue;
    std::vector<uint64_t> Readers;
    for (uint64_t R : FreeReadsAt[rfSite((uint32_t)P.Read)])
      if (threadOf(R) != threadOf(P.Read) && !Writes.isLink(Next, R))
        Readers.push_back(R);
    if (Readers.empty())
      continue;
    if (Runs < FewestStep)
      Steps.clear();
    FewestStep = Runs;
    Steps.emplace_back(Next, std::move(Readers));
  }

  // Advance: a read R that read w@U reads instead the newest write the
  // run's pairs chain to it: w@T of a thread T that read w@U, then w@T' of
  // a thread T' that read w@T, and so on (the newest value of the location
  // that the run shows).
  std::map<uint64_t, uint64_t> NewestOf; // by write
  auto Newest = [&](uint64_t W) {
    auto [It, New] = NewestOf.emplace(W, W);
    if (!New)
      return It->second;
    std::set<uint64_t> Seen = {W};
    for (bool Moved = threadOf(W) != 0; Moved;) {
      Moved = false;
      for (uint64_t T : ReaderThreads[W]) {
        const uint64_t Next = Writes.writeOf(W, T);
        if (Next && Seen.insert(Next).second) {
          W = Next;
          Moved = true;
          break;
        }
      }
    }
    return It->second = W;
  };
  // Every idle read at once to the newest value of its location: the
  // newest write along the chain of the first idle read that has a newer
  // value, by write site (NewestAt); an idle read at a read site seen
  // reading that write site (in the run or the campaign: a read of the
  // initial value, or of a write off the chain, is moved too, for the
  // thread that comes next may be among them); and the links at those
  // write sites pinned.
  std::vector<RfConstraint> Advances;
  std::map<uint64_t, uint64_t> NewestAt; // by write site
  for (const RfPair &P : Own) {
    const uint64_t W = P.Read ? Newest(P.Write) : P.Write;
    if (W == P.Write || threadOf(W) == threadOf(P.Read))
      continue;
    Advances.push_back({P.Read, W, false});
    if (threadOf(P.Read) && !Writes.isLink(P.Write, P.Read))
      NewestAt.emplace(rfSite((uint32_t)W), W);
  }
  std::vector<RfConstraint> IdleAdvances;
  std::set<uint64_t> Moved;
  auto MoveIdle = [&](const RfPair &P, uint64_t FromSite) {
    auto It = NewestAt.find(FromSite);
    if (It == NewestAt.end())
      return;
    const uint64_t W = It->second;
    if (threadOf(P.Read) && threadOf(W) != threadOf(P.Read) && P.Write != W &&
        !Writes.isLink(P.Write, P.Read) && !Writes.isLink(W, P.Read) &&
        Moved.insert(P.Read).second)
      IdleAdvances.push_back({P.Read, W, false});
  };
  for (const RfPair &P : Own) {
    if (P.Write)
      MoveIdle(P, rfSite((uint32_t)P.Write));
    auto Seen = WritesOf.find(P.Read);
    if (Seen != WritesOf.end())
      for (uint64_t W : Seen->second)
        if (W)
          MoveIdle(P, rfSite((uint32_t)W));
  }
  const bool CanAdvanceAll = !IdleAdvances.empty();

  std::vector<Op> Ops;
  if (Kind == RffMutation::Extend && CanAdvanceAll)
    Ops.push_back(Op::AdvanceAll);
  else if (Kind == RffMutation::Extend && !Steps.empty())
    Ops.push_back(Op::FollowAll);
  if (Ops.empty()) {
    if (Set.size() < kRffMaxConstraints && !Steps.empty())
      Ops.push_back(Op::Follow);
    if (!Advances.empty())
      Ops.push_back(Op::Advance);
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
  }
  if (Ops.empty())
    return {};
  Op Chosen = Ops[G.below(Ops.size())];
  // Follow and advance: one read, or on a fair coin every read.
  if (Chosen == Op::Follow && G.below(2))
    Chosen = Op::FollowAll;
  else if (Chosen == Op::Advance && CanAdvanceAll && G.below(2))
    Chosen = Op::AdvanceAll;
  switch (Chosen) {
  case Op::Pin:
    pinWithHistory(*Rarest[G.below(Rarest.size())], Own, Constrained, Set);
    break;
  case Op::Follow: {
    const auto &[Next, Readers] = Steps[G.below(Steps.size())];
    Set.push_back({Readers[G.below(Readers.size())], Next, false});
    break;
  }
  case Op::FollowAll: {
    const auto &[Next, Readers] = Steps[G.below(Steps.size())];
    for (uint64_t R : Readers)
      Set.push_back({R, Next, false});
    break;
  }
  case Op::Advance: { // replaces the read's constraint, if it has one
    const RfConstraint C = Advances[G.below(Advances.size())];
    Set.erase(
        std::remove_if(Set.begin(), Set.end(),
                       [&](const RfConstraint &K) { return K.Read == C.Read; }),
        Set.end());
    Set.push_back(C);
    break;
  }
  case Op::AdvanceAll: // replaces the moved reads' constraints
    Set.erase(std::remove_if(
                  Set.begin(), Set.end(),
                  [&](const RfConstraint &K) { return Moved.count(K.Read); }),
              Set.end());
    Set.insert(Set.end(), IdleAdvances.begin(), IdleAdvances.end());
    for (const RfPair *P : Free)
      if (threadOf(P->Read) && NewestAt.count(rfSite((uint32_t)P->Write)) &&
          Writes.isLink(P->Write, P->Read) && !Moved.count(P->Read) &&
          Constrained.insert(P->Read).second)
        Set.push_back({P->Read, P->Write, false});
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
  // The newest constraints go first when the set would be too large, or
  // too long to print (a report's replay line, a trace's options).
  if (Set.size() > kRffMaxConstraints)
    Set.resize(kRffMaxConstraints);
  while (formatConstraints(Set).size() > kRffMaxConstraintsText)
    Set.pop_back();
  canonicalize(Set);
  return Set;
}

} // namespace schedsan::run
