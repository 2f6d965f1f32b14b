//===- SearchTests.cpp - Group "search" -----------------------------------===//
//
// FILE:
//    test/unit/strategy/SearchTests.cpp
//
// DESCRIPTION:
//    The dfs strategy driven across runs as `schedsan run --strategy dfs`
//    drives it (utils/schedsan-run/explore/Search.h): each run follows the
//    prefix the last one's record gives, until no prefix is left. On small
//    model programs, with and without a preemption bound, the search must play
//    every schedule exactly once: as many runs as a brute-force count of
//    the program's schedules (with at most that many preemptions) gives,
//    all of them different, none of them leaving its prefix.
//===----------------------------------------------------------------------===//
#include "ChoiceLog.h"
#include "Examples.h"
#include "StrategyTest.h"

#include <map>
#include <set>
#include <string>
#include <vector>

using namespace schedsan::sim;

namespace schedsan {
namespace unittest {

namespace {

// The schedules of P with at most Bound preemptions (-1: any), counted
// over its states: thread positions, semaphore values, the thread that ran
// last (kNoTid once it ended) and the preemptions so far. A preemption is
// a switch away from an enabled last thread; a deadlock ends a schedule.
class BruteForce {
public:
  BruteForce(const Program &P, int Bound) : P(P), Bound(Bound) {}

  uint64_t count() {
    std::vector<int32_t> Val(P.objects, 0);
    for (size_t I = 0; I != P.init.size() && I != Val.size(); ++I)
      Val[I] = P.init[I];
    return from(std::vector<size_t>(P.threads.size(), 0), Val, kNoTid, 0);
  }

private:
  bool enabled(const std::vector<size_t> &Pos, const std::vector<int32_t> &Val,
               unsigned T) const {
    if (Pos[T] == P.threads[T].size())
      return false;
    const Op &O = P.threads[T][Pos[T]];
    return O.kind != OpKind::Wait || Val[O.obj] > 0;
  }

  uint64_t from(const std::vector<size_t> &Pos, const std::vector<int32_t> &Val,
                Tid Current, int Preemptions) {
    std::string Key;
    for (size_t X : Pos)
      Key += std::to_string(X) + ",";
    for (int32_t V : Val)
      Key += std::to_string(V) + ",";
    Key += std::to_string(Current) + "," + std::to_string(Preemptions);
    auto It = Memo.find(Key);
    if (It != Memo.end())
      return It->second;
    std::vector<unsigned> Runnable;
    for (unsigned T = 0; T != P.threads.size(); ++T)
      if (enabled(Pos, Val, T))
        Runnable.push_back(T);
    bool CurrentRunnable = false;
    for (unsigned T : Runnable)
      CurrentRunnable |= T == Current;
    uint64_t N = Runnable.empty() ? 1 : 0;
    for (unsigned T : Runnable) {
      int Pre = Preemptions + (CurrentRunnable && T != Current);
      if (Bound >= 0 && Pre > Bound)
        continue;
      std::vector<size_t> NextPos = Pos;
      std::vector<int32_t> NextVal = Val;
      const Op &O = P.threads[T][NextPos[T]++];
      if (O.kind == OpKind::Wait)
        --NextVal[O.obj];
      else if (O.kind == OpKind::Signal)
        ++NextVal[O.obj];
      Tid Next = NextPos[T] == P.threads[T].size() ? kNoTid : Tid(T);
      N += from(NextPos, NextVal, Next, Pre);
    }
    return Memo[Key] = N;
  }

  const Program &P;
  const int Bound;
  std::map<std::string, uint64_t> Memo;
};

// The runner's step from a record to the next prefix.
bool nextPrefix(std::vector<Choice> &Record) {
  while (!Record.empty() && Record.back().value + 1 >= Record.back().count)
    Record.pop_back();
  if (Record.empty())
    return false;
  ++Record.back().value;
  return true;
}

} // namespace

void dfsSearch() {
  std::vector<Program> Ps;
  Ps.push_back(posRunningExample());
  Ps.push_back(pctFigure5(2, 1));
  for (uint64_t S = 0; S != 4; ++S)
    Ps.push_back(blockingProgram(S, 3, 3));
  for (const Program &P : Ps)
    for (int Bound : {-1, 0, 1, 2}) {
      const std::string Name =
          "search/dfs/" + std::to_string(&P - Ps.data()) + "-" + P.name +
          (Bound < 0 ? "/unbounded" : "/bound=" + std::to_string(Bound));
      const uint64_t Expected = BruteForce(P, Bound).count();
      auto S = make("dfs");
      ChoiceLog Log;
      StrategyOptions O;
      O.choices = &Log;
      O.preemption_bound = Bound;
      std::vector<Choice> Prefix;
      std::set<std::vector<uint8_t>> Seen;
      uint64_t Runs = 0;
      bool Ok = true;
      std::string Why;
      for (; Ok && Runs != 10 * Expected + 10; ++Runs) {
        Log.setPrefix(Prefix.data(), Prefix.size());
        std::vector<uint8_t> Order;
        runOnce(P, *S, O, Runs, &Order, Driver::Runtime);
        if (Log.diverged() || Log.inPrefix()) {
          Ok = false;
          Why = "run " + std::to_string(Runs) + " left its prefix";
        } else if (!Seen.insert(Order).second) {
          Ok = false;
          Why = "run " + std::to_string(Runs) + " repeated a schedule";
        }
        Prefix.clear();
        for (size_t I = 0; I != Log.size(); ++I)
          Prefix.push_back(Log.at(I));
        if (!nextPrefix(Prefix)) {
          ++Runs;
          break;
        }
      }
      if (Ok && Runs != Expected) {
        Ok = false;
        Why = std::to_string(Runs) + " runs, " + std::to_string(Expected) +
              " schedules";
      }
      report(Ok, Name, Ok ? std::to_string(Runs) + " schedules" : Why);
    }
}

} // namespace unittest
} // namespace schedsan
