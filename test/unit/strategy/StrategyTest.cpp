//===- StrategyTest.cpp - What the strategy unit tests share --------------===//
//
// FILE:
//    test/unit/strategy/StrategyTest.cpp
//
// DESCRIPTION:
//    What StrategyTest.h declares.
//===----------------------------------------------------------------------===//
#include "StrategyTest.h"

#include "Examples.h"
#include "Random.h"
#include "Strategy.h"

#include <stdio.h>
#include <stdlib.h>

using namespace schedsan::sim;

namespace schedsan {
namespace unittest {

namespace {
int Failures = 0;
} // namespace

void report(bool Ok, const std::string &Name, const std::string &Why) {
  if (Ok && Why.empty())
    printf("PASS %s\n", Name.c_str());
  else if (Ok)
    printf("PASS %s (%s)\n", Name.c_str(), Why.c_str());
  else {
    printf("FAIL %s: %s\n", Name.c_str(), Why.c_str());
    ++Failures;
  }
}

int failures() { return Failures; }

std::unique_ptr<Strategy> make(const char *Name) {
  Strategy *S = createStrategy(Name);
  if (!S) {
    printf("FAIL create %s\n", Name);
    exit(1);
  }
  return std::unique_ptr<Strategy>(S);
}

Program blockingProgram(uint64_t Seed, unsigned T, unsigned E) {
  Rng R(Seed);
  Program P;
  P.name = "blocking";
  P.objects = 4;
  P.init = {0, 0, 0, 0};
  P.threads.resize(T);
  unsigned Waits = 0, Signals = 0;
  for (unsigned I = 0; I != T; ++I)
    for (unsigned J = 0; J != E; ++J) {
      Op O;
      unsigned K = R.below(8);
      if (K == 0) {
        O.kind = OpKind::Wait;
        O.obj = 3;
        ++Waits;
      } else if (K == 1) {
        O.kind = OpKind::Signal;
        O.obj = 3;
        ++Signals;
      } else {
        O.kind = K < 5 ? OpKind::Read : OpKind::Write;
        O.obj = R.below(3);
      }
      P.threads[I].push_back(O);
    }
  for (; Signals < Waits; ++Signals) {
    Op O;
    O.kind = OpKind::Signal;
    O.obj = 3;
    P.threads[R.below(T)].push_back(O);
  }
  P.readsCommute = true;
  P.finalize();
  return P;
}

std::vector<Program> testPrograms() {
  std::vector<Program> Ps;
  Ps.push_back(posRunningExample());
  Ps.push_back(pctFigure5(6, 3));
  Ps.push_back(microProgram({4, 4, 4, 4}, 4, 4, 0, 7, "micro-u"));
  Ps.push_back(microProgram({2, 2, 6, 6}, 4, 4, 8, 8, "micro-s-reads"));
  for (uint64_t S = 0; S != 3; ++S)
    Ps.push_back(blockingProgram(S, 5, 6));
  return Ps;
}

std::vector<StrategyOptions> testOptions() {
  std::vector<StrategyOptions> Os;
  StrategyOptions O;
  Os.push_back(O); // defaults: d = 3, k unknown
  O.depth = 1;
  Os.push_back(O);
  O.depth = 4;
  O.k = 6;
  Os.push_back(O);
  O.swarm_reuse = 3;
  O.pos_reset_yields = 2;
  Os.push_back(O);
  return Os;
}

Event ev(Tid T, EventKind K, uint64_t Seq, bool Yield) {
  Event E;
  E.tid = T;
  E.kind = K;
  E.seq = Seq;
  E.is_yield = Yield;
  E.is_write = K == EventKind::Write;
  E.addr = 0x1000 + 64 * T; // private objects: no races
  E.size = 8;
  return E;
}

} // namespace unittest
} // namespace schedsan
