//===- PctTests.cpp - Group "invariants": PCT -----------------------------===//
//
// FILE:
//    test/unit/strategy/PctTests.cpp
//
// DESCRIPTION:
//    PCT's change points (d-1 of them, uniform over [1, k], none beyond
//    the run), strict priorities at d = 1 with uniform initial priorities,
//    the final wait of a thread about to exit the process, and the
//    demotion of a spinning high-priority thread.
//===----------------------------------------------------------------------===//
#include "Examples.h"
#include "StrategyTest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <map>
#include <string>
#include <vector>

using namespace schedsan::sim;

namespace schedsan {
namespace unittest {

namespace {

// Parses "... fired=N change points: a b c".
void pctDescribe(const Strategy &S, unsigned *Fired,
                 std::vector<uint64_t> *Points) {
  char Buf[512];
  S.describe(Buf, sizeof Buf);
  const char *F = strstr(Buf, "fired=");
  *Fired = F ? atoi(F + 6) : ~0u;
  Points->clear();
  const char *C = strstr(Buf, "change points:");
  if (!C)
    return;
  C += strlen("change points:");
  char *End;
  for (uint64_t V; (V = strtoull(C, &End, 10)), End != C; C = End)
    Points->push_back(V);
}

} // namespace

void pctChangePoints() {
  // A 4x4 micro program has at least 12 points with more than one enabled
  // thread (only the last thread's tail runs alone), so with k = 8 every
  // change point falls inside the run and fires: exactly d-1 of them.
  Program P = microProgram({4, 4, 4, 4}, 4, 4, 0, 11, "micro");
  auto S = make("pct");
  bool Ok = true;
  std::string Why;
  std::vector<uint64_t> Hist(9, 0);
  for (unsigned D = 1; D <= 6; ++D)
    for (uint64_t Seed = 0; Seed != 2000 && Ok; ++Seed) {
      StrategyOptions O;
      O.depth = D;
      O.k = 8;
      Outcome Out = runOnce(P, *S, O, Seed);
      unsigned Fired;
      std::vector<uint64_t> Points;
      pctDescribe(*S, &Fired, &Points);
      if (Fired != D - 1 || Points.size() != D - 1 || Out.summary.steps < 12) {
        Ok = false;
        Why = "d=" + std::to_string(D) + " fired " + std::to_string(Fired) +
              ", drew " + std::to_string(Points.size()) + ", steps " +
              std::to_string(Out.summary.steps);
      }
      for (uint64_t V : Points) {
        if (V < 1 || V > 8) {
          Ok = false;
          Why = "change point outside [1,k]";
        } else if (D == 2) {
          ++Hist[V];
        }
      }
    }
  report(Ok, "pct/change-points-fired=d-1", Why);
  // Uniform over [1, 8]: chi-square with 7 degrees of freedom over 2000
  // draws, critical value 24.32 = P(false failure) 0.001.
  double Chi = 0;
  for (unsigned V = 1; V <= 8; ++V)
    Chi += pow(Hist[V] - 250.0, 2) / 250.0;
  report(Chi < 24.32, "pct/change-points-uniform",
         "chi-square " + std::to_string(Chi));
  // A run shorter than k fires fewer change points, never more.
  bool Short = true;
  for (uint64_t Seed = 0; Seed != 500; ++Seed) {
    StrategyOptions O;
    O.depth = 5;
    O.k = 1000;
    runOnce(P, *S, O, Seed);
    unsigned Fired;
    std::vector<uint64_t> Points;
    pctDescribe(*S, &Fired, &Points);
    unsigned Inside = 0;
    for (uint64_t V : Points)
      Inside += V <= 16;
    Short &= Fired <= 4 && Points.size() == 4 && Fired <= Inside;
  }
  report(Short, "pct/change-points-beyond-run-do-not-fire");
}

// d = 1 and no blocking: strict priorities run each thread to its end
// before the next one starts (the PCT Fig. 5 argument).
void pctStrictPriorities() {
  Program P = microProgram({4, 4, 4, 4}, 4, 4, 0, 12, "micro");
  auto S = make("pct");
  StrategyOptions O;
  O.depth = 1;
  bool Ok = true;
  std::map<std::vector<uint8_t>, unsigned> Orders;
  for (uint64_t Seed = 0; Seed != 2400; ++Seed) {
    std::vector<uint8_t> Order;
    runOnce(P, *S, O, Seed, &Order);
    for (size_t I = 1; I != Order.size(); ++I)
      if (Order[I] != Order[I - 1] && I % 4 != 0)
        Ok = false;
    std::vector<uint8_t> Threads;
    for (size_t I = 0; I < Order.size(); I += 4)
      Threads.push_back(Order[I]);
    ++Orders[Threads];
  }
  report(Ok, "pct/d=1-runs-threads-to-completion");
  // The 24 thread orders are equally likely (a uniform random permutation,
  // built by inserting each new thread at a random rank): chi-square with
  // 23 degrees of freedom, 2400 runs, critical value 49.73 = P(false
  // failure) 0.001.
  double Chi = 0;
  for (const auto &KV : Orders)
    Chi += pow(KV.second - 100.0, 2) / 100.0;
  Chi += (24 - Orders.size()) * 100.0;
  report(Orders.size() == 24 && Chi < 49.73, "pct/initial-priorities-uniform",
         "chi-square " + std::to_string(Chi));
}

// PCT's final wait: main about to exit runs only when nobody else can.
void pctFinalWait() {
  auto S = make("pct");
  bool Ok = true;
  for (uint64_t Seed = 0; Seed != 500; ++Seed) {
    StrategyOptions O;
    O.depth = 3;
    O.k = 4;
    S->beginRun(O, Seed);
    S->onThreadStart(0, kNoTid);
    S->onThreadStart(1, 0);
    // Thread 1 has 5 events left; main is at its exit.
    for (uint64_t I = 1; I <= 5; ++I) {
      Event P[2] = {ev(0, EventKind::ThreadExit, 7),
                    ev(1, EventKind::Write, I)};
      Tid T = S->pick(P, 2, countedStep(I));
      Ok &= T == 1;
      S->onExecuted(P[T], P, 2);
    }
    S->onThreadEnd(1);
    Event P[1] = {ev(0, EventKind::ThreadExit, 7)};
    Ok &= S->pick(P, 1, countedStep(5)) == 0;
    S->endRun(5);
  }
  report(Ok, "pct/final-wait");
}

// A high-priority thread spinning with yields must let the other thread
// run: after yield_bound yields it is demoted with probability 1/8 per
// further yield. P(no demotion within 400 more yields) = (7/8)^400 <
// 1e-23 per seed.
void pctStarvation() {
  auto S = make("pct");
  bool Ok = true;
  unsigned Worst = 0;
  for (uint64_t Seed = 0; Seed != 1000; ++Seed) {
    StrategyOptions O;
    O.depth = 1;
    S->beginRun(O, Seed);
    S->onThreadStart(0, kNoTid);
    S->onThreadStart(1, 0);
    unsigned Steps = 0;
    for (uint64_t Seq = 1;; ++Seq, ++Steps) {
      Event P[2] = {ev(0, EventKind::Yield, Seq, true),
                    ev(1, EventKind::Write, 1)};
      Tid T = S->pick(P, 2, countedStep(Seq));
      if (T == 1)
        break;
      S->onExecuted(P[0], P, 2);
      if (Steps > O.yield_bound + 400) {
        Ok = false;
        break;
      }
    }
    Worst = Steps > Worst ? Steps : Worst;
    S->endRun(Steps + 1);
  }
  report(Ok, "pct/starvation-demotes-spinners",
         "longest spin " + std::to_string(Worst) + " yields");
}

} // namespace unittest
} // namespace schedsan
