//===- SleepSetTests.cpp - Group "sleep-sets" -----------------------------===//
//
// FILE:
//    test/unit/strategy/SleepSetTests.cpp
//
// DESCRIPTION:
//    The dfs strategy with sleep sets (StrategyOptions::sleep_sets, runtime
//    option reduction=sleep), driven across runs as `schedsan run
//    --strategy dfs --reduction sleep` drives it. On small model programs
//    it must play exactly one complete (not blocked) schedule per
//    Mazurkiewicz trace and reach every final state the program can reach.
//    Both are computed here by brute force: every maximal interleaving is
//    enumerated; two are one trace when they order every pair of dependent
//    events alike (the dependency graph), with the strategy's dependence on
//    the model's events -- a wait or signal with everything, two accesses
//    of one object when one writes; a final state is the objects' values
//    and the value every read saw.
//===----------------------------------------------------------------------===//
#include "ChoiceLog.h"
#include "Examples.h"
#include "StrategyTest.h"

#include <set>
#include <string>
#include <vector>

using namespace schedsan::sim;

namespace schedsan {
namespace unittest {

namespace {

bool opsDependent(const Op &A, const Op &B) {
  if (A.kind == OpKind::Wait || A.kind == OpKind::Signal ||
      B.kind == OpKind::Wait || B.kind == OpKind::Signal)
    return true;
  return A.obj == B.obj && (A.isWrite() || B.isWrite());
}

// The trace and the final state of one interleaving (thread ids in order).
struct Played {
  std::string Trace, State;
};

Played play(const Program &P, const std::vector<uint8_t> &Order) {
  std::vector<int32_t> Val(P.objects, 0);
  for (size_t I = 0; I != P.init.size() && I != Val.size(); ++I)
    Val[I] = P.init[I];
  std::vector<size_t> Pos(P.threads.size(), 0);
  std::vector<std::pair<unsigned, size_t>> Done; // (thread, op) in order
  Played R;
  std::set<std::string> Pairs; // the dependency graph's edges
  std::set<std::string> Reads; // what each read saw
  for (uint8_t T : Order) {
    const size_t I = Pos[T]++;
    const Op &O = P.threads[T][I];
    for (const auto &[U, J] : Done)
      if (U != T && opsDependent(P.threads[U][J], O))
        Pairs.insert(std::to_string(U) + "." + std::to_string(J) + "<" +
                     std::to_string(T) + "." + std::to_string(I));
    Done.push_back({T, I});
    if (O.kind == OpKind::Read)
      Reads.insert(std::to_string(T) + "." + std::to_string(I) + "=" +
                   std::to_string(Val[O.obj]));
    else if (O.kind == OpKind::Write)
      Val[O.obj] = O.value;
    else if (O.kind == OpKind::Wait)
      --Val[O.obj];
    else
      ++Val[O.obj];
  }
  for (const std::string &E : Pairs)
    R.Trace += E + " ";
  for (int32_t V : Val)
    R.State += std::to_string(V) + ",";
  for (size_t T = 0; T != Pos.size(); ++T)
    R.State += "@" + std::to_string(Pos[T]); // a deadlock stops early
  for (const std::string &E : Reads)
    R.State += " " + E;
  return R;
}

// Every maximal interleaving of P (a deadlock ends one), played.
class BruteForce {
public:
  explicit BruteForce(const Program &P) : P(P), Pos(P.threads.size(), 0) {
    Val.assign(P.objects, 0);
    for (size_t I = 0; I != P.init.size() && I != Val.size(); ++I)
      Val[I] = P.init[I];
    from();
  }
  std::set<std::string> Traces, States;
  uint64_t Interleavings = 0;

private:
  void from() {
    bool Any = false;
    for (unsigned T = 0; T != P.threads.size(); ++T) {
      if (Pos[T] == P.threads[T].size())
        continue;
      const Op &O = P.threads[T][Pos[T]];
      if (O.kind == OpKind::Wait && Val[O.obj] <= 0)
        continue;
      Any = true;
      const std::vector<int32_t> Saved = Val;
      if (O.kind == OpKind::Wait)
        --Val[O.obj];
      else if (O.kind == OpKind::Signal)
        ++Val[O.obj];
      ++Pos[T];
      Order.push_back(uint8_t(T));
      from();
      Order.pop_back();
      --Pos[T];
      Val = Saved;
    }
    if (Any)
      return;
    ++Interleavings;
    Played R = play(P, Order);
    Traces.insert(R.Trace);
    States.insert(R.State);
  }

  const Program &P;
  std::vector<size_t> Pos;
  std::vector<int32_t> Val;
  std::vector<uint8_t> Order;
};

bool nextPrefix(std::vector<Choice> &Record) {
  while (!Record.empty() && Record.back().value + 1 >= Record.back().count)
    Record.pop_back();
  if (Record.empty())
    return false;
  ++Record.back().value;
  return true;
}

Program twoWriters(bool Shared) {
  Program P;
  P.name = Shared ? "writers-shared" : "writers-own";
  P.objects = 2;
  P.threads.push_back({wr(0, 1), wr(0, 2)});
  P.threads.push_back({wr(Shared ? 0 : 1, 3), rd(0)});
  P.finalize();
  return P;
}

Program readersWriter() {
  Program P;
  P.name = "readers-writer";
  P.objects = 2;
  P.threads.push_back({rd(0), rd(1), rd(0)});
  P.threads.push_back({rd(0), rd(1)});
  P.threads.push_back({wr(1, 5), rd(0)});
  P.finalize();
  return P;
}

} // namespace

void sleepSets() {
  std::vector<Program> Ps;
  Ps.push_back(twoWriters(false));
  Ps.push_back(twoWriters(true));
  Ps.push_back(readersWriter());
  Ps.push_back(posRunningExample());
  Ps.push_back(pctFigure5(2, 1));
  for (uint64_t S = 0; S != 4; ++S)
    Ps.push_back(blockingProgram(S, 3, 3));
  for (const Program &P : Ps)
    for (Driver D : {Driver::Sim, Driver::Runtime}) {
      const std::string Name = "sleep-sets/" + std::to_string(&P - Ps.data()) +
                               "-" + P.name +
                               (D == Driver::Sim ? "/sim" : "/runtime");
      const BruteForce Want(P);
      auto S = make("dfs");
      ChoiceLog Log;
      StrategyOptions O;
      O.choices = &Log;
      O.sleep_sets = true;
      std::vector<Choice> Prefix;
      std::set<std::string> Traces, States;
      uint64_t Runs = 0, Blocked = 0, Complete = 0;
      bool Ok = true;
      std::string Why;
      for (; Ok && Runs != 10 * Want.Interleavings + 10; ++Runs) {
        Log.setPrefix(Prefix.data(), Prefix.size());
        std::vector<uint8_t> Order;
        runOnce(P, *S, O, Runs, &Order, D);
        const Played R = play(P, Order);
        if (Log.diverged() || Log.inPrefix()) {
          Ok = false;
          Why = "run " + std::to_string(Runs) + " left its prefix";
        } else if (Log.blocked()) {
          ++Blocked;
        } else {
          ++Complete;
          States.insert(R.State);
          // The runtime's driver hides a sleeping thread that runs alone
          // after the others ended: there a trace may come twice.
          if (!Traces.insert(R.Trace).second && D == Driver::Sim) {
            Ok = false;
            Why = "run " + std::to_string(Runs) + " repeated a trace";
          }
        }
        Prefix.clear();
        for (size_t I = 0; I != Log.size(); ++I)
          Prefix.push_back(Log.at(I));
        if (!nextPrefix(Prefix)) {
          ++Runs;
          break;
        }
      }
      if (Ok && Traces != Want.Traces) {
        Ok = false;
        Why = std::to_string(Traces.size()) + " of " +
              std::to_string(Want.Traces.size()) + " traces played";
      } else if (Ok && States != Want.States) {
        Ok = false;
        Why = std::to_string(States.size()) + " of " +
              std::to_string(Want.States.size()) + " final states reached";
      } else if (Ok && D == Driver::Sim && Complete != Want.Traces.size()) {
        Ok = false;
        Why = std::to_string(Complete) + " complete runs, " +
              std::to_string(Want.Traces.size()) + " traces";
      }
      report(Ok, Name,
             Ok ? std::to_string(Complete) + " complete runs for " +
                      std::to_string(Want.Traces.size()) + " traces of " +
                      std::to_string(Want.Interleavings) + " interleavings, " +
                      std::to_string(Blocked) + " blocked, " +
                      std::to_string(States.size()) + " final states"
                : Why);
    }
}

} // namespace unittest
} // namespace schedsan
