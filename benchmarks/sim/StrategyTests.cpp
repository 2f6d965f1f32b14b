//===- StrategyTests.cpp - Unit tests of the strategies (fixed seeds) -----===//
//
// FILE:
//    benchmarks/sim/StrategyTests.cpp
//
// DESCRIPTION:
//    schedsan-strategy-test GROUP runs one group of checks on the strategy
//    classes and the simulator, prints one "PASS name" / "FAIL name: why"
//    line per check and exits 1 if any failed. Groups (test/strategies/
//    has one lit test per group):
//      determinism     same (strategy, options, seed) => same schedule
//      invariants      enabled picks, PCT change points and priorities,
//                      final wait, starvation, swarm weight reuse
//      distribution    random == swarm with equal weights (chi-square)
//      partial-orders  the exact analysis against brute force
//      leases          runs with and without leases make the same choices
//    Every random check uses fixed seeds, so it passes or fails the same
//    way on every run; where a check is statistical, the probability that
//    a correct implementation fails it (over the choice of seeds) is
//    written next to it.
//
//    The strategies are compiled into this binary with assertions on
//    (see CMakeLists.txt), so their assert()ed invariants are checked too.
//===----------------------------------------------------------------------===//
#include "Examples.h"
#include "Model.h"
#include "PartialOrders.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace schedsan;
using namespace schedsan::sim;

namespace {

int Failures = 0;

void report(bool Ok, const std::string &Name, const std::string &Why = "") {
  if (Ok && Why.empty())
    printf("PASS %s\n", Name.c_str());
  else if (Ok)
    printf("PASS %s (%s)\n", Name.c_str(), Why.c_str());
  else {
    printf("FAIL %s: %s\n", Name.c_str(), Why.c_str());
    ++Failures;
  }
}

const char *const AllStrategies[] = {
#define SCHEDSAN_STRATEGY(Name, Class) #Name,
#include "Strategies.def"
#undef SCHEDSAN_STRATEGY
};

std::unique_ptr<Strategy> make(const char *Name) {
  Strategy *S = createStrategy(Name);
  if (!S) {
    printf("FAIL create %s\n", Name);
    exit(1);
  }
  return std::unique_ptr<Strategy>(S);
}

// Random programs with blocking: T threads of E events over O memory
// objects and one semaphore; every wait has a matching signal somewhere,
// though a schedule may still deadlock (runOnce stops there).
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

//===----------------------------------------------------------------------===//
// determinism
//===----------------------------------------------------------------------===//

void determinism() {
  auto Programs = testPrograms();
  auto Options = testOptions();
  for (const char *Name : AllStrategies) {
    bool Ok = true;
    std::string Why;
    bool Differs = false; // some two seeds give different schedules
    for (const Program &P : Programs)
      for (const StrategyOptions &O : Options) {
        // One instance reused across seeds, one fresh per run: a strategy
        // must carry nothing from one run into the next.
        auto Reused = make(Name);
        std::vector<uint8_t> First;
        for (uint64_t Seed = 0; Seed != 50 && Ok; ++Seed) {
          std::vector<uint8_t> A, B, C;
          auto Fresh = make(Name);
          Outcome OA = runOnce(P, *Reused, O, Seed, &A);
          Outcome OB = runOnce(P, *Fresh, O, Seed, &B);
          Outcome OC = runOnce(P, *Reused, O, Seed, &C);
          if (A != B || A != C || OA.key != OB.key ||
              OA.summary.steps != OC.summary.steps) {
            Ok = false;
            Why = P.name + " seed " + std::to_string(Seed);
          }
          if (Seed == 0)
            First = A;
          else if (A != First)
            Differs = true;
        }
      }
    report(Ok, std::string("determinism/") + Name, Why);
    report(Differs, std::string("seeds-matter/") + Name,
           Differs ? "" : "every seed gave the same schedule");
  }
}

//===----------------------------------------------------------------------===//
// invariants
//===----------------------------------------------------------------------===//

// runOnce aborts when a strategy picks a disabled or absent thread; this
// drives every strategy over programs with blocking and many seeds.
void enabledPicks() {
  auto Programs = testPrograms();
  auto Options = testOptions();
  for (const char *Name : AllStrategies) {
    auto S = make(Name);
    uint64_t Runs = 0;
    for (const Program &P : Programs)
      for (const StrategyOptions &O : Options)
        for (uint64_t Seed = 100; Seed != 400; ++Seed, ++Runs)
          runOnce(P, *S, O, Seed);
    report(Runs > 0, std::string("enabled-picks/") + Name);
  }
}

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

Event ev(Tid T, EventKind K, uint64_t Seq, bool Yield = false) {
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
      Tid T = S->pick(P, 2);
      Ok &= T == 1;
      S->onExecuted(P[T], P, 2);
    }
    S->onThreadEnd(1);
    Event P[1] = {ev(0, EventKind::ThreadExit, 7)};
    Ok &= S->pick(P, 1) == 0;
    S->endRun();
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
      Tid T = S->pick(P, 2);
      if (T == 1)
        break;
      S->onExecuted(P[0], P, 2);
      if (Steps > O.yield_bound + 400) {
        Ok = false;
        break;
      }
    }
    Worst = Steps > Worst ? Steps : Worst;
    S->endRun();
  }
  report(Ok, "pct/starvation-demotes-spinners",
         "longest spin " + std::to_string(Worst) + " yields");
}

// POS fairness (§5): a spinning thread draws a fresh priority for each
// yield, but the waiting event keeps its priority p and is passed over
// (1-p)^k times with probability 1/(k+1) on average: long delays are
// likely without the reset. With pos_reset_yields = 1 every yield redraws
// both priorities: P(the spinner wins 60 times in a row) = 2^-60. With the
// default 1000, each window of 1000 yields passes the waiting event over
// with probability about 1/1001, so P(3000 yields) is about 1e-9 per seed.
void posYields() {
  for (const char *Name : {"pos", "pos_strict", "basic_pos"}) {
    auto S = make(Name);
    bool Ok = true;
    std::string Why;
    for (unsigned Reset : {1000u, 1u})
      for (uint64_t Seed = 0; Seed != 1000; ++Seed) {
        StrategyOptions O;
        O.pos_reset_yields = Reset;
        const uint64_t Bound = Reset == 1 ? 60 : 3000;
        S->beginRun(O, Seed);
        S->onThreadStart(0, kNoTid);
        S->onThreadStart(1, 0);
        for (uint64_t Seq = 1;; ++Seq) {
          Event P[2] = {ev(0, EventKind::Yield, Seq, true),
                        ev(1, EventKind::Write, 1)};
          Tid T = S->pick(P, 2);
          if (T == 1)
            break;
          S->onExecuted(P[0], P, 2);
          if (Seq > Bound) {
            Ok = false;
            Why = "reset " + std::to_string(Reset) + " seed " +
                  std::to_string(Seed);
            break;
          }
        }
        S->endRun();
      }
    report(Ok, std::string("pos/yield-loops-end/") + Name, Why);
  }
}

std::string weightsOf(const Strategy &S) {
  char Buf[512];
  S.describe(Buf, sizeof Buf);
  std::string D = Buf;
  return D.substr(0, D.find(" change points:"));
}

// swarm_reuse = x: the x seeds of a group share weights, not choices.
void swarmReuse() {
  Program P = microProgram({4, 4, 4, 4}, 4, 4, 0, 13, "micro");
  auto S = make("swarm");
  StrategyOptions O;
  O.swarm_reuse = 4;
  bool Shared = true, ChoicesDiffer = true, GroupsDiffer = true;
  std::string Why;
  for (uint64_t Group = 0; Group != 200; ++Group) {
    std::vector<std::string> W;
    std::vector<std::vector<uint8_t>> Orders;
    for (uint64_t I = 0; I != 4; ++I) {
      std::vector<uint8_t> Order;
      runOnce(P, *S, O, Group * 4 + I, &Order);
      Orders.push_back(Order);
      // Initial weights only (d = 3 change points may redraw some).
      StrategyOptions Init = O;
      Init.depth = 1;
      runOnce(P, *S, Init, Group * 4 + I);
      W.push_back(weightsOf(*S));
    }
    for (uint64_t I = 1; I != 4; ++I)
      if (W[I] != W[0]) {
        Shared = false;
        Why = W[0] + " vs " + W[I];
      }
    // Four schedules of 16 events all equal: never for these weights in
    // practice (each has probability < 1/4 of repeating the first).
    if (Orders[1] == Orders[0] && Orders[2] == Orders[0] &&
        Orders[3] == Orders[0])
      ChoicesDiffer = false;
    // The next group draws new weights: 4 threads with equal weights in
    // [1, 50] has probability 50^-4.
    StrategyOptions Init = O;
    Init.depth = 1;
    runOnce(P, *S, Init, Group * 4 + 4);
    if (weightsOf(*S) == W[0])
      GroupsDiffer = false;
  }
  report(Shared, "swarm/reuse-shares-weights", Why);
  report(ChoicesDiffer, "swarm/reuse-keeps-choices-apart");
  report(GroupsDiffer, "swarm/groups-draw-new-weights");
  // Weights stay in [wmin, wmax].
  bool InRange = true;
  for (uint64_t Seed = 0; Seed != 300; ++Seed) {
    StrategyOptions R;
    R.swarm_wmin = 5;
    R.swarm_wmax = 9;
    runOnce(P, *S, R, Seed);
    std::string D = weightsOf(*S);
    for (size_t At = D.find('='); At != std::string::npos;
         At = D.find('=', At + 1)) {
      int V = atoi(D.c_str() + At + 1);
      InRange &= V >= 5 && V <= 9;
    }
  }
  report(InRange, "swarm/weights-in-range");
}

void invariants() {
  enabledPicks();
  pctChangePoints();
  pctStrictPriorities();
  pctFinalWait();
  pctStarvation();
  posYields();
  swarmReuse();
}

//===----------------------------------------------------------------------===//
// distribution
//===----------------------------------------------------------------------===//

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
    snprintf(Why, sizeof Why, "chi-square %.1f, critical %.1f (df %.0f)",
             Chi, Critical, Df);
    report(Ok, std::string("distribution/") + C.Label, Why);
  }
}

//===----------------------------------------------------------------------===//
// partial-orders
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// leases
//===----------------------------------------------------------------------===//

// A lease (Strategy.h) must never change a schedule: driven as the runtime
// drives it, every strategy makes the same choices and reports the same
// steps with and without leases, on every test program, option set and
// seed; and every strategy does grant leases somewhere (else this checks
// nothing).
void leases() {
  auto Programs = testPrograms();
  for (uint64_t S = 3; S != 13; ++S)
    Programs.push_back(blockingProgram(S, 3, 12));
  auto Options = testOptions();
  for (const char *Name : AllStrategies) {
    bool Ok = true;
    std::string Why;
    uint64_t Leased = 0, Runs = 0;
    auto Plain = make(Name), Leasing = make(Name);
    for (const Program &P : Programs)
      for (const StrategyOptions &O : Options)
        for (uint64_t Seed = 0; Seed != 100 && Ok; ++Seed, ++Runs) {
          std::vector<uint8_t> A, B;
          Outcome OA = runOnce(P, *Plain, O, Seed, &A, Driver::Runtime);
          Outcome OB = runOnce(P, *Leasing, O, Seed, &B, Driver::RuntimeLeases);
          Leased += OB.leased;
          if (A != B || OA.key != OB.key || OA.deadlock != OB.deadlock ||
              OA.summary.steps != OB.summary.steps || OA.leased) {
            Ok = false;
            Why = P.name + " depth " + std::to_string(O.depth) + " seed " +
                  std::to_string(Seed);
          }
        }
    report(Ok, std::string("leases/same-schedule/") + Name, Why);
    report(Leased > 0, std::string("leases/granted/") + Name,
           std::to_string(Leased) + " points leased in " +
               std::to_string(Runs) + " runs");
  }
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    fprintf(stderr, "usage: schedsan-strategy-test determinism|invariants|"
                    "distribution|partial-orders|leases|all\n");
    return 2;
  }
  std::string G = Argv[1];
  bool All = G == "all";
  bool Any = false;
  if (All || G == "determinism")
    determinism(), Any = true;
  if (All || G == "invariants")
    invariants(), Any = true;
  if (All || G == "distribution")
    distribution(), Any = true;
  if (All || G == "partial-orders")
    partialOrders(), Any = true;
  if (All || G == "leases")
    leases(), Any = true;
  if (!Any) {
    fprintf(stderr, "schedsan-strategy-test: unknown group %s\n", Argv[1]);
    return 2;
  }
  printf("%s: %d failed\n", Failures ? "FAIL" : "OK", Failures);
  return Failures ? 1 : 0;
}
