//===- Results.cpp - A campaign's runs and what they add up to ------------===//
//
// FILE:
//    utils/schedsan-run/Results.cpp
//
// DESCRIPTION:
//    See Results.h.
//===----------------------------------------------------------------------===//
#include "Results.h"
#include "Options.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

namespace schedsan::run {

const char *statusName(RunStatus S) {
  switch (S) {
  case RunStatus::Pass: return "pass";
  case RunStatus::Fail: return "fail";
  case RunStatus::Timeout: return "timeout";
  }
  return "?";
}

std::string RunRecord::signature() const {
  if (Status == RunStatus::Pass)
    return "";
  return Location.empty() ? Kind : Kind + " at " + Location;
}

Totals summarize(const Campaign &C) {
  Totals T;
  T.Depth = C.Info.Depth ? C.Info.Depth : 3;
  std::map<std::string, size_t> Index;
  for (const RunRecord &R : C.Records) {
    if (T.Runs == 0 || R.Seed < T.SeedMin)
      T.SeedMin = R.Seed;
    if (T.Runs == 0 || R.Seed > T.SeedMax)
      T.SeedMax = R.Seed;
    ++T.Runs;
    if (R.HasStats) {
      ++T.WithStats;
      T.StepsSum += R.Steps;
      T.WithThreads += R.Threads > 0; // another tool's report has no count
      T.ThreadsSum += R.Threads;
      T.StepsMax = std::max<uint64_t>(T.StepsMax, R.Steps);
      T.ThreadsMax = std::max<uint64_t>(T.ThreadsMax, R.Threads);
      T.KMax = std::max(T.KMax, R.K);
      if (T.Strategy.empty())
        T.Strategy = R.Strategy;
    }
    if (R.Status == RunStatus::Pass) {
      ++T.Passed;
      continue;
    }
    ++(R.Status == RunStatus::Timeout ? T.Timeouts : T.Failed);
    std::string Sig = R.signature();
    auto It = Index.find(Sig);
    if (It == Index.end()) {
      It = Index.emplace(Sig, T.Groups.size()).first;
      FailureGroup G;
      G.Signature = Sig;
      G.Kind = R.Kind;
      G.Location = R.Location;
      T.Groups.push_back(G);
    }
    FailureGroup &G = T.Groups[It->second];
    ++G.Hits;
    if (!G.First || R.Seed < G.First->Seed)
      G.First = &R;
    G.NotReplayable += !R.Replayable;
  }
  std::sort(T.Groups.begin(), T.Groups.end(),
                   [](const FailureGroup &A, const FailureGroup &B) {
                     return A.First->Seed < B.First->Seed;
                   });
  return T;
}

double pctPerRun(uint64_t N, uint64_t K, int D) {
  return 1.0 / (double(std::max<uint64_t>(N, 1)) *
                std::pow(double(std::max<uint64_t>(K, 1)), D - 1));
}

double pctMissBound(uint64_t N, uint64_t K, int D, uint64_t R) {
  double P = pctPerRun(N, K, D);
  if (P >= 1)
    return R ? 0 : 1;
  return std::exp(double(R) * std::log1p(-P));
}

double pctRunsFor(uint64_t N, uint64_t K, int D, double Target) {
  double P = pctPerRun(N, K, D);
  if (P >= 1)
    return 1;
  return std::ceil(std::log(Target) / std::log1p(-P));
}

void wilson(uint64_t Hits, uint64_t Runs, double &Lo, double &Hi) {
  if (Runs == 0) {
    Lo = 0;
    Hi = 1;
    return;
  }
  const double Z = 1.959963984540054, N = double(Runs);
  double P = double(Hits) / N;
  double Den = 1 + Z * Z / N;
  double Mid = (P + Z * Z / (2 * N)) / Den;
  double Half = Z * std::sqrt(P * (1 - P) / N + Z * Z / (4 * N * N)) / Den;
  Lo = std::max(0.0, Mid - Half);
  Hi = std::min(1.0, Mid + Half);
}

std::string shellQuote(const std::string &S) {
  if (!S.empty() &&
      S.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                          "0123456789_-./=:,+@%") == std::string::npos)
    return S;
  std::string Q = "'";
  for (char C : S)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

std::string shellJoin(const std::vector<std::string> &Args) {
  std::string Out;
  for (const std::string &A : Args)
    Out += (Out.empty() ? "" : " ") + shellQuote(A);
  return Out;
}

std::string replayCommand(const CampaignInfo &I, const RunRecord &R) {
  std::vector<std::string> Cmd = {I.Schedsan, "replay", R.Trace};
  if (I.Depth)
    Cmd.insert(Cmd.end(), {"--depth", std::to_string(I.Depth)});
  for (const std::string &O : I.Options)
    Cmd.insert(Cmd.end(), {"-o", O});
  Cmd.push_back("--");
  Cmd.insert(Cmd.end(), I.Command.begin(), I.Command.end());
  return shellJoin(Cmd);
}

std::string replayEnvCommand(const CampaignInfo &I, const RunRecord &R) {
  std::string Opts;
  std::string Strategy = R.Strategy.empty() ? I.Strategy : R.Strategy;
  if (!Strategy.empty())
    Opts += "strategy=" + Strategy + ":";
  Opts += "seed=" + std::to_string(R.Seed) + ":";
  if (I.Depth)
    Opts += "depth=" + std::to_string(I.Depth) + ":";
  for (const std::string &O : I.Options)
    Opts += O + ":";
  Opts += "replay=" + R.Trace;
  return "SCHEDSAN_OPTIONS=" + shellQuote(Opts) + " " + shellJoin(I.Command);
}

} // namespace schedsan::run
