//===- SchedSanSim.cpp - Strategy fidelity tables (schedsan-sim) ----------===//
//
// FILE:
//    benchmarks/sim/SchedSanSim.cpp
//
// DESCRIPTION:
//    schedsan-sim runs the real strategy classes (runtime/strategy/) on
//    model programs and prints, per (example, strategy), how often the
//    strategy produced the bug or partial order of interest next to what
//    the papers say:
//      running  POS paper §2 running example (POS 1/48, BasicPOS 1/120,
//               random walk 1/128; PCT 1/200 in the paper's counting)
//      fig5     PCT paper Fig. 5 for m = n in {4, 8, 16, 32}
//      micro    POS paper §6.1 Table 1 (all writes) and micro-reads,
//               Table 2 (half the events read-only)
//    Row columns: example strategy samples hits measured stderr expected z.
//    measured = hits/samples; stderr = sqrt(m(1-m)/samples); z = (measured
//    - expected) / sqrt(e(1-e)/samples) when an exact expectation exists.
//
// USAGE:
//    schedsan-sim [running] [fig5] [micro] [micro-reads] [options]
//      --samples N        per row of running and fig5 (default 1000000)
//      --micro-samples S  per (program, strategy) in micro (default 1000000)
//      --programs P       programs per object distribution (default 5)
//      --jobs J           worker threads (default: all cores)
//      --seed B           base seed (default 1); sample i of a row uses
//                         seed hash(B, row name) * 2^32 + i
//      --program-seed X   seed of the micro program draw (default 2018)
//      --fig5 LIST        m = n values (default 4,8,16,32)
//      --swarm            also run swarm on micro (no paper figure)
//      --check SIGMA      exit 1 if a running/fig5 row with an exact
//                         expectation is more than SIGMA standard errors off
//===----------------------------------------------------------------------===//
#include "Examples.h"
#include "Model.h"
#include "PartialOrders.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace schedsan;
using namespace schedsan::sim;

namespace {

struct Config {
  uint64_t Samples = 1000000;
  uint64_t MicroSamples = 1000000;
  unsigned Programs = 5;
  unsigned Jobs = 0;
  uint64_t Seed = 1;
  uint64_t ProgramSeed = 2018;
  std::vector<unsigned> Fig5 = {4, 8, 16, 32};
  bool Swarm = false;
  double Check = 0;
};

Config Cfg;
bool CheckFailed = false;

// One (strategy, options) configuration of a table.
struct Task {
  std::string Label;    // as printed
  const char *Strategy; // registry name
  StrategyOptions Opts;
  bool ChainK = false; // next run's k = this run's counted steps
};

// Runs Samples samples of P under T, split into a fixed number of chunks
// (so results do not depend on --jobs); Visit(chunk, outcome, k) is called
// for every sample, from the worker thread that owns the chunk (k: the
// Opts.k the sample ran with).
constexpr unsigned kChunks = 64;

// Rows use disjoint seed ranges, so that rows are independent (otherwise
// two rows of one strategy would share, e.g., swarm's weights): the range
// of a row starts at hash(--seed, row name) * 2^32.
uint64_t rowSeed(const std::string &Row) {
  uint64_t H = 0xcbf29ce484222325ull ^ (Cfg.Seed * 0x9e3779b97f4a7c15ull);
  for (unsigned char C : Row)
    H = (H ^ C) * 0x100000001b3ull;
  H ^= H >> 32;
  return (H & 0xffffffffull) << 32;
}

double sampleParallel(
    const Program &P, const Task &T, uint64_t Samples, const std::string &Row,
    const std::function<void(unsigned, const Outcome &, uint64_t)> &Visit) {
  const uint64_t Base = rowSeed(Row);
  auto Start = std::chrono::steady_clock::now();
  std::atomic<unsigned> NextChunk{0};
  auto Worker = [&] {
    std::unique_ptr<Strategy> S(createStrategy(T.Strategy));
    if (!S) {
      fprintf(stderr, "schedsan-sim: unknown strategy %s\n", T.Strategy);
      exit(2);
    }
    for (unsigned C; (C = NextChunk++) < kChunks;) {
      uint64_t From = Samples * C / kChunks, To = Samples * (C + 1) / kChunks;
      StrategyOptions O = T.Opts;
      for (uint64_t I = From; I != To; ++I) {
        Outcome Out = runOnce(P, *S, O, Base + I);
        uint64_t K = O.k;
        if (T.ChainK && Out.summary.steps)
          O.k = Out.summary.steps;
        Visit(C, Out, K);
      }
    }
  };
  unsigned Jobs = Cfg.Jobs ? Cfg.Jobs : std::thread::hardware_concurrency();
  if (!Jobs)
    Jobs = 1;
  std::vector<std::thread> Threads;
  for (unsigned J = 1; J < Jobs; ++J)
    Threads.emplace_back(Worker);
  Worker();
  for (std::thread &Th : Threads)
    Th.join();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
      .count();
}

//===----------------------------------------------------------------------===//
// Rows
//===----------------------------------------------------------------------===//

void header() {
  printf("%-26s %-17s %11s %11s %-11s %-10s %-11s %s\n", "example", "strategy",
         "samples", "hits", "measured", "stderr", "expected", "z");
}

std::string fmt(double V) {
  char B[32];
  snprintf(B, sizeof B, "%.3e", V);
  return B;
}

// A hit-ratio row. Expected < 0: no figure. Exact: expected is an exact
// probability for this model, so the row is checked by --check.
void hitRow(const std::string &Ex, const std::string &Strat, uint64_t S,
            uint64_t Hits, double Expected, bool Exact) {
  double M = double(Hits) / double(S);
  double Se = sqrt(M * (1 - M) / double(S));
  std::string Z = "-";
  if (Expected >= 0 && Exact) {
    double Sd = sqrt(Expected * (1 - Expected) / double(S));
    double ZV = Sd > 0 ? (M - Expected) / Sd : (M == Expected ? 0 : INFINITY);
    char B[32];
    snprintf(B, sizeof B, "%+.2f", ZV);
    Z = B;
    if (Cfg.Check > 0 && fabs(ZV) > Cfg.Check) {
      Z += " FAIL";
      CheckFailed = true;
    }
  }
  printf("%-26s %-17s %11llu %11llu %-11s %-10s %-11s %s\n", Ex.c_str(),
         Strat.c_str(), (unsigned long long)S, (unsigned long long)Hits,
         fmt(M).c_str(), fmt(Se).c_str(),
         Expected >= 0 ? fmt(Expected).c_str() : "-", Z.c_str());
  fflush(stdout);
}

void throughput(const char *What, uint64_t Samples, double Secs) {
  printf("# %s: %llu samples in %.2f s = %.2f M samples/s\n", What,
         (unsigned long long)Samples, Secs, Samples / Secs / 1e6);
}

uint64_t countHits(const Program &P, const Task &T, uint64_t S,
                   const std::string &Row,
                   const std::function<bool(const Outcome &)> &Hit,
                   uint64_t *AllSamples, double *Secs) {
  std::vector<uint64_t> PerChunk(kChunks, 0);
  *Secs +=
      sampleParallel(P, T, S, Row, [&](unsigned C, const Outcome &O, uint64_t) {
        PerChunk[C] += Hit(O);
      });
  *AllSamples += S;
  uint64_t H = 0;
  for (uint64_t V : PerChunk)
    H += V;
  return H;
}

StrategyOptions opts(unsigned Depth, uint64_t K = 0) {
  StrategyOptions O;
  O.depth = Depth;
  O.k = K;
  return O;
}

//===----------------------------------------------------------------------===//
// 1. POS running example
//===----------------------------------------------------------------------===//

// Swarm with d = 1 and weights uniform in [Lo, Hi]: E[f(wA, wB)].
double swarmExpect(unsigned Lo, unsigned Hi,
                   const std::function<double(double, double)> &F) {
  double Sum = 0;
  for (unsigned A = Lo; A <= Hi; ++A)
    for (unsigned B = Lo; B <= Hi; ++B)
      Sum += F(A, B);
  double N = Hi - Lo + 1;
  return Sum / (N * N);
}

void runningExample() {
  Program P = posRunningExample();
  uint64_t Bug = replay(P, posBugOrder()).key;
  auto Hit = [&](const Outcome &O) { return O.key == Bug; };
  StrategyOptions Def;
  double Swarm1 =
      swarmExpect(Def.swarm_wmin, Def.swarm_wmax, [](double A, double B) {
        double PB = B / (A + B);
        return pow(PB, 6) * (1 - PB);
      });
  struct Row {
    Task T;
    double Expected;
    bool Exact;
  };
  std::vector<Row> Rows = {
      {{"random", "random", Def}, 1.0 / 128, true},
      {{"basic_pos", "basic_pos", Def}, 1.0 / 120, true},
      {{"pos_strict", "pos_strict", Def}, 1.0 / 48, true},
      {{"pos", "pos", Def}, 1.0 / 48, true},
      {{"pct(d=3,k=10)", "pct", opts(3, 10)}, 1.0 / 200, true},
      {{"pct(d=3,k=7)", "pct", opts(3, 7)}, 1.0 / 98, true},
      {{"swarm(d=1)", "swarm", opts(1)}, Swarm1, true},
      {{"swarm(d=3,k=prev)", "swarm", opts(3, 7), true}, -1, false},
  };
  printf("\n## POS running example (CAV'18 §2): failing order "
         "B1 A1 B2 B3 A2 A3 B4 B5 B6 A4\n");
  header();
  uint64_t All = 0;
  double Secs = 0;
  for (const Row &R : Rows) {
    uint64_t H = countHits(P, R.T, Cfg.Samples, "pos-running/" + R.T.Label, Hit,
                           &All, &Secs);
    hitRow("pos-running", R.T.Label, Cfg.Samples, H, R.Expected, R.Exact);
  }
  // PCT d=3 with k taken from the previous run: given k >= 3 the bug needs
  // the change points on counted points 2 and 3, in one of the two value
  // orders: probability 1/(2k^2). The expectation is the mean of that over
  // the k each run was given.
  Task Chained{"pct(d=3,k=prev)", "pct", opts(3, 7), true};
  std::vector<uint64_t> Hits(kChunks, 0);
  std::vector<double> Pred(kChunks, 0);
  std::vector<std::vector<uint64_t>> KHist(kChunks,
                                           std::vector<uint64_t>(17, 0));
  Secs +=
      sampleParallel(P, Chained, Cfg.Samples, "pos-running/" + Chained.Label,
                     [&](unsigned C, const Outcome &O, uint64_t K) {
                       Hits[C] += O.key == Bug;
                       Pred[C] +=
                           K >= 3 ? 1.0 / (2.0 * double(K) * double(K)) : 0.0;
                       ++KHist[C][K < 16 ? K : 16];
                     });
  All += Cfg.Samples;
  uint64_t H = 0;
  double Mix = 0;
  std::vector<uint64_t> Hist(17, 0);
  for (unsigned C = 0; C != kChunks; ++C) {
    H += Hits[C];
    Mix += Pred[C];
    for (unsigned K = 0; K != 17; ++K)
      Hist[K] += KHist[C][K];
  }
  hitRow("pos-running", Chained.Label, Cfg.Samples, H, Mix / Cfg.Samples, true);
  printf("# %s: k given to the runs:", Chained.Label.c_str());
  for (unsigned K = 0; K != 17; ++K)
    if (Hist[K])
      printf(" %s%u: %.4f", K == 16 ? ">=" : "", K,
             double(Hist[K]) / Cfg.Samples);
  printf("; expected = mean of 1/(2k^2) over them\n");
  throughput("running example", All, Secs);
}

//===----------------------------------------------------------------------===//
// 2. PCT Figure 5
//===----------------------------------------------------------------------===//

void figure5() {
  printf("\n## PCT Fig. 5 (ASPLOS'10 §2.4): bug1 = Thread 1's assert fails, "
         "bug2 = Thread 2's; m = n\n");
  header();
  uint64_t All = 0;
  double Secs = 0;
  StrategyOptions Def;
  for (unsigned M : Cfg.Fig5) {
    Program P = pctFigure5(M, M);
    double Rw = ldexp(1.0, -int(M + 2));
    double Pos = 1.0 / (M + 3);
    double Sw =
        swarmExpect(Def.swarm_wmin, Def.swarm_wmax, [&](double A, double B) {
          return pow(B / (A + B), M + 2);
        });
    struct Row {
      Task T;
      double Expected;
    };
    std::vector<Row> Rows = {
        {{"random", "random", Def}, Rw},
        {{"pct(d=1)", "pct", opts(1)}, 0.5},
        {{"basic_pos", "basic_pos", Def}, Pos},
        {{"pos", "pos", Def}, Pos},
        {{"swarm(d=1)", "swarm", opts(1)}, Sw},
    };
    for (const Row &R : Rows) {
      std::vector<uint64_t> B1(kChunks, 0), B2(kChunks, 0);
      std::string Ex = "fig5/m=n=" + std::to_string(M);
      Secs += sampleParallel(P, R.T, Cfg.Samples, Ex + "/" + R.T.Label,
                             [&](unsigned C, const Outcome &O, uint64_t) {
                               B1[C] += O.failedThread == 0;
                               B2[C] += O.failedThread == 1;
                             });
      All += Cfg.Samples;
      uint64_t H1 = 0, H2 = 0;
      for (unsigned C = 0; C != kChunks; ++C)
        H1 += B1[C], H2 += B2[C];
      hitRow(Ex + "/bug1", R.T.Label, Cfg.Samples, H1, R.Expected, true);
      hitRow(Ex + "/bug2", R.T.Label, Cfg.Samples, H2, R.Expected, true);
    }
  }
  throughput("figure 5", All, Secs);
}

//===----------------------------------------------------------------------===//
// 3. POS micro-benchmark
//===----------------------------------------------------------------------===//

struct Coverage {
  uint64_t MinHits = 0;
  unsigned Covered = 0;
  double Value = 0; // min ratio; 1/S when not fully covered (paper's rule)
};

Coverage coverage(const Program &P, const Analysis &A, const Task &T,
                  uint64_t S, uint64_t *All, double *Secs) {
  std::vector<std::vector<uint64_t>> Counts(
      kChunks, std::vector<uint64_t>(A.orders.size(), 0));
  std::atomic<bool> Unknown{false};
  *Secs += sampleParallel(P, T, S, P.name + "/" + T.Label,
                          [&](unsigned C, const Outcome &O, uint64_t) {
                            long I = findOrder(A, O.key);
                            if (I < 0)
                              Unknown = true;
                            else
                              ++Counts[C][I];
                          });
  *All += S;
  if (Unknown) {
    fprintf(stderr,
            "schedsan-sim: %s produced a partial order the "
            "enumeration missed\n",
            T.Label.c_str());
    exit(1);
  }
  Coverage Cv;
  Cv.MinHits = UINT64_MAX;
  for (size_t I = 0; I != A.orders.size(); ++I) {
    uint64_t N = 0;
    for (unsigned C = 0; C != kChunks; ++C)
      N += Counts[C][I];
    Cv.Covered += N != 0;
    Cv.MinHits = std::min(Cv.MinHits, N);
  }
  Cv.Value = Cv.Covered == A.orders.size() ? double(Cv.MinHits) / double(S)
                                           : 1.0 / double(S);
  return Cv;
}

void micro(bool Reads) {
  const char *Tab = Reads ? "t2" : "t1";
  printf("\n## POS micro-benchmark (CAV'18 §6.1, Table %s): 4 threads x 4 "
         "events over 4 objects%s; coverage = min hit ratio over partial "
         "orders after S = %llu samples; \"0(x)\": x orders covered\n",
         Reads ? "2" : "1", Reads ? ", half the events read-only" : "",
         (unsigned long long)Cfg.MicroSamples);
  struct Strat {
    const char *Label;
    const char *Name;
    double Paper; // geometric mean in the paper, < 0: none
  };
  std::vector<Strat> Strats;
  if (!Reads)
    Strats = {{"random", "random", 2.14e-8},
              {"pct", "pct", 2.00e-8},
              {"basic_pos", "basic_pos", 2.67e-8},
              {"pos", "pos", 2.87e-6}};
  else
    Strats = {{"random", "random", 4.77e-8},
              {"pct", "pct", 2.00e-8},
              {"basic_pos", "basic_pos", 1.05e-7},
              {"pos_strict", "pos_strict", 7.82e-6},
              {"pos", "pos", 1.08e-5}};
  if (Cfg.Swarm)
    Strats.push_back({"swarm", "swarm", -1});
  std::vector<double> LogSum(Strats.size(), 0);
  double LogExact = 0;
  unsigned Programs = 0;
  uint64_t All = 0;
  double Secs = 0;
  struct Dist {
    const char *Name;
    std::vector<unsigned> Counts;
  };
  std::vector<Dist> Dists = {{"uniform", {4, 4, 4, 4}},
                             {"skewed", {2, 2, 6, 6}}};
  header();
  for (unsigned D = 0; D != Dists.size(); ++D)
    for (unsigned I = 0; I != Cfg.Programs; ++I) {
      std::string Name =
          std::string(Tab) + "/" + Dists[D].Name + "#" + std::to_string(I + 1);
      uint64_t PSeed = Cfg.ProgramSeed * 1000 + (Reads ? 500 : 0) + D * 100 + I;
      Program P =
          microProgram(Dists[D].Counts, 4, 4, Reads ? 8 : 0, PSeed, Name);
      auto T0 = std::chrono::steady_clock::now();
      Analysis A = analyze(P);
      double ASecs =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
              .count();
      printf("# %s: %zu partial orders, max preemptions %u, max races %u, "
             "random walk exact min %.3e (sum %.6f), analysis %.2f s\n",
             Name.c_str(), A.orders.size(), A.maxPreemptions, A.maxRaces,
             A.rwMin, A.rwSum, ASecs);
      ++Programs;
      LogExact += log(A.rwMin);
      for (size_t S = 0; S != Strats.size(); ++S) {
        Task T{Strats[S].Label, Strats[S].Name, StrategyOptions()};
        if (!strcmp(Strats[S].Name, "pct")) {
          // The paper gave PCT exactly the preemptions needed.
          T.Opts.depth = A.maxPreemptions + 1;
          T.Opts.k = P.events();
          T.ChainK = true;
          T.Label = "pct(d=" + std::to_string(T.Opts.depth) + ")";
        }
        if (!strcmp(Strats[S].Name, "swarm")) {
          T.Opts.k = P.events();
          T.ChainK = true;
        }
        Coverage Cv = coverage(P, A, T, Cfg.MicroSamples, &All, &Secs);
        LogSum[S] += log(Cv.Value);
        std::string Measured = Cv.Covered == A.orders.size()
                                   ? fmt(Cv.Value)
                                   : "0(" + std::to_string(Cv.Covered) + ")";
        bool IsRw = !strcmp(Strats[S].Name, "random");
        printf("%-26s %-17s %11llu %11llu %-11s %-10s %-11s %s\n", Name.c_str(),
               T.Label.c_str(), (unsigned long long)Cfg.MicroSamples,
               (unsigned long long)Cv.MinHits, Measured.c_str(), "-",
               IsRw ? fmt(A.rwMin).c_str() : "-", "-");
        fflush(stdout);
      }
    }
  for (size_t S = 0; S != Strats.size(); ++S)
    printf("%-26s %-17s %11llu %11s %-11s %-10s %-11s %s\n",
           (std::string(Tab) + "/geomean").c_str(), Strats[S].Label,
           (unsigned long long)Cfg.MicroSamples, "-",
           fmt(exp(LogSum[S] / Programs)).c_str(), "-",
           Strats[S].Paper >= 0 ? fmt(Strats[S].Paper).c_str() : "-", "-");
  printf("%-26s %-17s %11s %11s %-11s %-10s %-11s %s\n",
         (std::string(Tab) + "/geomean").c_str(), "random(exact)", "-", "-",
         fmt(exp(LogExact / Programs)).c_str(), "-",
         fmt(Strats[0].Paper).c_str(), "-");
  throughput(Reads ? "micro-reads" : "micro", All, Secs);
}

[[noreturn]] void usage() {
  fprintf(stderr,
          "usage: schedsan-sim [running] [fig5] [micro] [micro-reads]\n"
          "  [--samples N] [--micro-samples S] [--programs P] [--jobs J]\n"
          "  [--seed B] [--program-seed X] [--fig5 4,8,16,32] [--swarm]\n"
          "  [--check SIGMA]\n");
  exit(2);
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Tables;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Value = [&]() -> const char * {
      if (I + 1 >= Argc)
        usage();
      return Argv[++I];
    };
    if (A == "--samples")
      Cfg.Samples = strtoull(Value(), nullptr, 0);
    else if (A == "--micro-samples")
      Cfg.MicroSamples = strtoull(Value(), nullptr, 0);
    else if (A == "--programs")
      Cfg.Programs = atoi(Value());
    else if (A == "--jobs")
      Cfg.Jobs = atoi(Value());
    else if (A == "--seed")
      Cfg.Seed = strtoull(Value(), nullptr, 0);
    else if (A == "--program-seed")
      Cfg.ProgramSeed = strtoull(Value(), nullptr, 0);
    else if (A == "--swarm")
      Cfg.Swarm = true;
    else if (A == "--check")
      Cfg.Check = atof(Value());
    else if (A == "--fig5") {
      Cfg.Fig5.clear();
      for (char *S = strtok(const_cast<char *>(Value()), ","); S;
           S = strtok(nullptr, ","))
        Cfg.Fig5.push_back(atoi(S));
    } else if (A == "running" || A == "fig5" || A == "micro" ||
               A == "micro-reads")
      Tables.push_back(A);
    else
      usage();
  }
  if (!Cfg.Samples || !Cfg.MicroSamples || !Cfg.Programs)
    usage();
  if (Tables.empty())
    Tables = {"running", "fig5", "micro", "micro-reads"};
  printf("# schedsan-sim: seed %llu, %llu samples per row, %llu per micro "
         "row\n",
         (unsigned long long)Cfg.Seed, (unsigned long long)Cfg.Samples,
         (unsigned long long)Cfg.MicroSamples);
  for (const std::string &T : Tables) {
    if (T == "running")
      runningExample();
    else if (T == "fig5")
      figure5();
    else if (T == "micro")
      micro(false);
    else
      micro(true);
  }
  if (CheckFailed) {
    printf("FAIL: a row is more than %g standard errors from its exact "
           "expectation\n",
           Cfg.Check);
    return 1;
  }
  if (Cfg.Check > 0)
    printf("OK: every checked row within %g standard errors\n", Cfg.Check);
  return 0;
}
