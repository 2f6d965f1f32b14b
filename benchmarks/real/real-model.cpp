//===- real-model.cpp - The real test programs as simulator models ------===//
//
// FILE:
//    benchmarks/real/real-model.cpp
//
// DESCRIPTION:
//    The programs of test/strategies/real-fig5.c and
//    test/strategies/real-running-example.c are the papers' two-thread
//    examples with the main thread as the first thread (PCT's Thread 1, the
//    POS paper's A), plus the scheduling points every real program has:
//    main creates the second thread (ThreadCreate), which begins with a
//    ThreadStart and ends with a ThreadExit event; main reads the pthread_t
//    before joining (a plain read of an escaping alloca), joins (enabled
//    once the joinee's exit has run) and exits (process exit event). This
//    file writes those programs in the simulator's model
//    (utils/strategy-model/Model.h), runs the real strategy classes on them and
//    prints each configuration's hit ratio, the expectation that
//    run_real.sh and the lit tests compare the instrumented programs with:
//      create = signal(c) in main;   ThreadStart = wait(c) in the thread;
//      exit   = signal(e);           join        = wait(e) in main;
//      the read of the pthread_t and the process exit = accesses of an
//      object only main touches (they race with nothing).
//    The race relation is the runtime's: a join races with the joinee's
//    exit (one object); creation, start and process exit race with nothing
//    (the start event is new when it appears, and POS draws a priority the
//    first time an event is enabled). The model's second thread exists from
//    the start with a disabled first event; the strategies' distributions
//    are the same (PCT inserts a thread at a uniform rank among the
//    undemoted ones whenever it arrives, swarm draws weights in creation
//    order from a stream of their own, POS draws priorities lazily).
//
//    fig5 M: bug1 = Thread 1's assertion (b != 0) fails, bug2 = Thread 2's
//    (a != 0). Random walk is also computed exactly (dynamic programming
//    over the threads' positions, which determine every object's value).
//    running: the bug is the paper's failing partial order, B1<A1<B2,
//    B3<A2 and B6<A4 (A3 -> B4 always holds), read off the order of picks.
//    Configurations with k=state pass each passing run's counted steps on
//    as the next run's k, starting from none (PCT's default 1000), as the
//    runtime's state_file does for runs of seeds 1, 2, ... in order (a
//    failing run leaves the file as it was). With CHAIN, the chain starts
//    afresh every CHAIN samples: the expectation for a fresh state file
//    and CHAIN seeds (the first runs, with k = 1000, behave as d = 1 until
//    one passes, which matters for short chains). SAMPLES = CHAIN = the
//    real runs' seed count gives the model's outcome on the real runs'
//    seeds 1..N (for PCT the very same outcomes, see below).
//
//    Exact values for the real programs, which run_real.sh compares with:
//    - fig5: random walk bug1 = 2^-(n+3) (Thread 2's n+3 events, start
//      included, each a coin flip against main's pending read of b), bug2
//      = (m+4) 2^-(m+3) (main's m+2 events before Thread 2's read of a,
//      which may spend one flip on its start event); PCT d = 1: 1/2 per bug
//      and a bug in every run (the higher-priority thread runs until it
//      ends or blocks in the join; the other thread then fails); POS and
//      BasicPOS (identical here: no executed event races with a pending one
//      before the outcome is decided): bug1 = 1/(n+4) (main's read of b
//      must have the lowest of n+4 independent priorities), bug2 = 2/(m+4)
//      (integrating over the priority contest in which a losing event keeps
//      its priority).
//    - running: random walk 1/256 (the paper's seven coin flips, 1/128,
//      plus one: B's start event before A1); POS 1/72 = (2/3)(1/48) (B's
//      start and B1 must both outrank A1 first, 1/3; after B1 the state is
//      the paper's); BasicPOS 1/288 (A2 the lowest of {start, B1, A1, B2,
//      A2, B3}: 1/6; then B2 < A1 < {B1, start}: 1/12; A4 below B4, B5, B6:
//      1/4); PCT d = 1 and d = 2: 0 (A1 between B1 and B2 and A2 after B3
//      need B to lose the processor after B1 and to get it back before A2
//      while A is enabled: two priority changes).
//
// USAGE (run_real.sh compiles it with the strategy sources):
//    real-model fig5 M SAMPLES [CHAIN] | running SAMPLES [CHAIN]
//    (seeds 1..SAMPLES)
//    Rows: program strategy samples hits ratio stderr; fig5 also prints
//    random walk's exact values on a `#` line.
//===----------------------------------------------------------------------===//
#include "Model.h"

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

// Objects of the thread life cycle: main (tid 0) creates and joins tid 1.
enum { C1 = 0, E1, H1, MainPriv, FirstUser };

// real-fig5.c: main is Thread 1. main: create Thread 2, assert b != 0, m
// writes of steps1, a = 0, read the pthread_t, join, process exit. Thread
// 2: start, assert a != 0, n writes of steps2, b = 0, exit.
Program fig5(unsigned M) {
  enum { A = FirstUser, B, S1, S2, Objects };
  Program P;
  P.name = "real-fig5/m=n=" + std::to_string(M);
  P.objects = Objects;
  P.init.assign(Objects, 0);
  P.init[A] = P.init[B] = 1;
  std::vector<Op> T1{signal(C1), rd(B, Check::Ne, 0)};
  for (unsigned I = 0; I != M; ++I)
    T1.push_back(wr(S1, int32_t(I + 1)));
  T1.insert(T1.end(), {wr(A, 0), rd(H1), wait(E1), wr(MainPriv)});
  std::vector<Op> T2{wait(C1), rd(A, Check::Ne, 0)};
  for (unsigned I = 0; I != M; ++I)
    T2.push_back(wr(S2, int32_t(I + 1)));
  T2.insert(T2.end(), {wr(B, 0), signal(E1)});
  P.threads = {T1, T2};
  P.finalize();
  return P;
}

// real-running-example.c: main is thread A. A: create B, A1 x, A2 y, A3
// post(w), A4 read z, read the pthread_t, join B, process exit. B: start,
// B1 x, B2 x, B3 y, B4 wait(w), B5 y, B6 z, exit.
Program running() {
  enum { X = FirstUser, Y, Z, W, Objects };
  Program P;
  P.name = "real-running";
  P.objects = Objects;
  P.init.assign(Objects, 0);
  std::vector<Op> TA{signal(C1), wr(X), wr(Y), signal(W), rd(Z), rd(H1),
                     wait(E1), wr(MainPriv)};
  std::vector<Op> TB{wait(C1), wr(X), wr(X), wr(Y), wait(W), wr(Y), wr(Z),
                     signal(E1)};
  P.threads = {TA, TB};
  P.finalize();
  return P;
}

// The paper's failing partial order, from the picks of one run:
// B1 < A1 < B2 (x), B3 < A2 (y), B6 < A4 (z); A3 -> B4 always holds.
bool runningBug(const std::vector<uint8_t> &Order) {
  long Pos[2][8];
  unsigned N[2] = {0, 0};
  for (size_t I = 0; I != Order.size(); ++I)
    Pos[Order[I]][N[Order[I]]++] = long(I);
  if (N[0] != 8 || N[1] != 8)
    abort();
  long A1 = Pos[0][1], A2 = Pos[0][2], A4 = Pos[0][4];
  long B1 = Pos[1][1], B2 = Pos[1][2], B3 = Pos[1][3], B6 = Pos[1][6];
  return B1 < A1 && A1 < B2 && B3 < A2 && B6 < A4;
}

struct Config {
  std::string Label;
  const char *Strategy;
  StrategyOptions Opts;
  bool ChainK; // the runtime's state_file: k = last passing run's count
};

StrategyOptions opts(unsigned D, uint64_t K = 0) {
  StrategyOptions S;
  S.depth = D;
  S.k = K;
  return S;
}

// The configurations of run_real.sh (same labels). fig5 gives PCT and
// swarm with d > 1 an explicit k = 2m + 4, about the counted points of a
// passing run (the k that runs measure: 9..13 at m = 4), besides the
// state-file chain.
std::vector<Config> fig5Configs(unsigned M) {
  uint64_t K = 2 * M + 4;
  return {
      {"random", "random", opts(3), false},
      {"pct(d=1)", "pct", opts(1), false},
      {"pct(d=2,k=2m+4)", "pct", opts(2, K), false},
      {"pct(d=3,k=2m+4)", "pct", opts(3, K), false},
      {"pct(d=3,k=state)", "pct", opts(3), true},
      {"basic_pos", "basic_pos", opts(3), false},
      {"pos", "pos", opts(3), false},
      {"swarm(d=1)", "swarm", opts(1), false},
      {"swarm(d=3,k=2m+4)", "swarm", opts(3, K), false},
  };
}

std::vector<Config> runningConfigs() {
  return {
      {"random", "random", opts(3), false},
      {"pct(d=1)", "pct", opts(1), false},
      {"pct(d=2,k=state)", "pct", opts(2), true},
      {"pct(d=3,k=state)", "pct", opts(3), true},
      {"basic_pos", "basic_pos", opts(3), false},
      {"pos_strict", "pos_strict", opts(3), false},
      {"pos", "pos", opts(3), false},
      {"swarm(d=1)", "swarm", opts(1), false},
      {"swarm(d=3,k=state)", "swarm", opts(3), true},
  };
}

// Exact probabilities that random walk fails thread 0's / thread 1's check
// (fig5: every object's value is a function of the positions, so the
// positions are the state).
struct RwExact {
  const Program &P;
  std::map<std::vector<unsigned>, std::pair<double, double>> Memo;
  explicit RwExact(const Program &P) : P(P) {}

  // Returns (P(bug1), P(bug2)) from state Pos with values Val.
  std::pair<double, double> go(std::vector<unsigned> &Pos,
                               std::vector<int32_t> &Val) {
    auto It = Memo.find(Pos);
    if (It != Memo.end())
      return It->second;
    std::vector<unsigned> En;
    for (unsigned T = 0; T != P.threads.size(); ++T) {
      if (Pos[T] == P.threads[T].size())
        continue;
      const Op &O = P.threads[T][Pos[T]];
      if (O.kind != OpKind::Wait || Val[O.obj] > 0)
        En.push_back(T);
    }
    std::pair<double, double> R{0, 0};
    for (unsigned T : En) {
      const Op &O = P.threads[T][Pos[T]];
      if (O.kind == OpKind::Read && O.check == Check::Ne &&
          Val[O.obj] == O.value) {
        (T == 0 ? R.first : R.second) += 1.0 / En.size();
        continue; // the run stops at the failed assertion
      }
      int32_t Old = Val[O.obj];
      if (O.kind == OpKind::Write)
        Val[O.obj] = O.value;
      else if (O.kind == OpKind::Wait)
        --Val[O.obj];
      else if (O.kind == OpKind::Signal)
        ++Val[O.obj];
      ++Pos[T];
      auto Sub = go(Pos, Val);
      --Pos[T];
      Val[O.obj] = Old;
      R.first += Sub.first / En.size();
      R.second += Sub.second / En.size();
    }
    Memo[Pos] = R;
    return R;
  }
};

void row(const std::string &Prog, const std::string &Label, uint64_t N,
         uint64_t Hits) {
  double M = double(Hits) / double(N);
  printf("%-22s %-20s %9llu %8llu %.4e %.2e\n", Prog.c_str(), Label.c_str(),
         (unsigned long long)N, (unsigned long long)Hits, M,
         sqrt(M * (1 - M) / double(N)));
}

// Sample i of a configuration uses seed i + 1, as the real runs do. Only
// the distributions must agree: the runtime asks the strategy only at points
// with two or more enabled threads, the model at every point, so random,
// swarm and POS use their random streams differently. PCT draws only in
// beginRun and onThreadStart, and gives the real runs' outcome seed for
// seed (checked for fig5 m=4, d=1..3, seeds 1..200).
void runFig5(unsigned M, uint64_t N, uint64_t Chain) {
  Program P = fig5(M);
  {
    RwExact X(P);
    std::vector<unsigned> Pos(P.threads.size(), 0);
    std::vector<int32_t> Val(P.init);
    auto R = X.go(Pos, Val);
    printf("# %s random walk exact: bug1 %.4e bug2 %.4e either %.4e\n",
           P.name.c_str(), R.first, R.second, R.first + R.second);
  }
  for (const Config &C : fig5Configs(M)) {
    std::unique_ptr<Strategy> S(createStrategy(C.Strategy));
    StrategyOptions Opts = C.Opts;
    uint64_t Bug[2] = {0, 0};
    for (uint64_t I = 0; I != N; ++I) {
      if (Chain && I % Chain == 0)
        Opts.k = C.Opts.k; // a new state file
      Outcome Out = runOnce(P, *S, Opts, I + 1);
      if (Out.failedThread >= 0)
        ++Bug[Out.failedThread];
      else if (C.ChainK)
        Opts.k = Out.summary.steps;
    }
    row(P.name + "/bug1", C.Label, N, Bug[0]);
    row(P.name + "/bug2", C.Label, N, Bug[1]);
    row(P.name + "/either", C.Label, N, Bug[0] + Bug[1]);
  }
}

void runRunning(uint64_t N, uint64_t Chain) {
  Program P = running();
  std::vector<uint8_t> Order;
  for (const Config &C : runningConfigs()) {
    std::unique_ptr<Strategy> S(createStrategy(C.Strategy));
    StrategyOptions Opts = C.Opts;
    uint64_t Hits = 0;
    for (uint64_t I = 0; I != N; ++I) {
      if (Chain && I % Chain == 0)
        Opts.k = C.Opts.k; // a new state file
      Order.clear();
      Outcome Out = runOnce(P, *S, Opts, I + 1, &Order);
      bool Bug = runningBug(Order);
      Hits += Bug;
      if (C.ChainK && !Bug)
        Opts.k = Out.summary.steps;
    }
    row(P.name, C.Label, N, Hits);
  }
}

} // namespace

int main(int Argc, char **Argv) {
  if ((Argc == 4 || Argc == 5) && !strcmp(Argv[1], "fig5")) {
    runFig5(unsigned(atoi(Argv[2])), strtoull(Argv[3], nullptr, 10),
            Argc == 5 ? strtoull(Argv[4], nullptr, 10) : 0);
    return 0;
  }
  if ((Argc == 3 || Argc == 4) && !strcmp(Argv[1], "running")) {
    runRunning(strtoull(Argv[2], nullptr, 10),
               Argc == 4 ? strtoull(Argv[3], nullptr, 10) : 0);
    return 0;
  }
  fprintf(stderr, "usage: real-model fig5 M SAMPLES [CHAIN] | running "
                  "SAMPLES [CHAIN]\n");
  return 2;
}
