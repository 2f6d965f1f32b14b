//===- Results.cpp - A campaign's runs and what they add up to ------------===//
//
// FILE:
//    utils/schedsan-run/results/Results.cpp
//
// DESCRIPTION:
//    See Results.h.
//===----------------------------------------------------------------------===//
#include "results/Results.h"
#include "cli/Options.h"
#include "schedsan/schedsan_protocol.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace schedsan::run {

const char *statusName(RunStatus S) {
  switch (S) {
  case RunStatus::Pass:
    return "pass";
  case RunStatus::Fail:
    return "fail";
  case RunStatus::Timeout:
    return "timeout";
  case RunStatus::ScriptTimeout:
    return "script_timeout";
  }
  return "?";
}

std::string RunRecord::signature() const {
  if (!failed())
    return "";
  return Location.empty() ? Kind : Kind + " at " + Location;
}

void Totals::add(const RunRecord &R) {
  if (Runs == 0 || R.Seed < SeedMin)
    SeedMin = R.Seed;
  if (Runs == 0 || R.Seed > SeedMax)
    SeedMax = R.Seed;
  ++Runs;
  if (!R.Member.empty()) {
    ++ByMember[R.Member].first;
    ByMember[R.Member].second += R.failed();
  }
  if (R.HasStats) {
    ++WithStats;
    StepsSum += R.Steps;
    WithThreads += R.Threads > 0; // another tool's report has no count
    ThreadsSum += R.Threads;
    StepsMax = std::max<uint64_t>(StepsMax, R.Steps);
    ThreadsMax = std::max<uint64_t>(ThreadsMax, R.Threads);
    KMax = std::max(KMax, R.K);
    KSum += R.K;
    NotReplayable += !R.Replayable;
    if (Strategy.empty()) {
      Strategy = R.Strategy;
      Reported = findStrategy(Strategy.c_str());
    }
  }
  if (R.Status == RunStatus::Pass) {
    ++Passed;
    PassSeconds += R.Seconds;
    return;
  }
  if (R.Status == RunStatus::ScriptTimeout) {
    ++ScriptTimeouts;
    return;
  }
  ++(R.Status == RunStatus::Timeout ? Timeouts : Failed);
  std::string Sig = R.signature();
  auto It = Index.find(Sig);
  if (It == Index.end()) {
    It = Index.emplace(Sig, Groups.size()).first;
    FailureGroup G;
    G.Signature = Sig;
    G.Kind = R.Kind;
    G.Location = R.Location;
    G.First = R;
    Groups.push_back(G);
  }
  FailureGroup &G = Groups[It->second];
  ++G.Hits;
  if (R.Seed < G.First.Seed)
    G.First = R;
  G.NotReplayable += !R.Replayable;
}

void Totals::sortGroups() {
  std::sort(Groups.begin(), Groups.end(),
            [](const FailureGroup &A, const FailureGroup &B) {
              return A.First.Seed < B.First.Seed;
            });
  Index.clear();
  for (size_t I = 0; I != Groups.size(); ++I)
    Index[Groups[I].Signature] = I;
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

// Words made only of these need no quotes in a POSIX shell (':' and '='
// are literal there; replayEnvCommand quotes a program name with '=',
// which would be an assignment). Others are single-quoted, a quote being
// '\''.
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

std::vector<std::string> replayOptions(const CampaignInfo &I,
                                       const RunRecord &R) {
  std::vector<std::string> Out;
  if (I.K)
    Out.push_back("k=" + std::to_string(I.K));
  Out.insert(Out.end(), I.Options.begin(), I.Options.end());
  std::vector<std::string> Own = runOwnOptions(R);
  Out.insert(Out.end(), Own.begin(), Own.end());
  return Out;
}

std::vector<std::string> runOwnOptions(const RunRecord &R) {
  std::vector<std::string> Out;
  if (!R.Constraints.empty())
    Out.push_back("rf_constraints=" + R.Constraints);
  Out.insert(Out.end(), R.SeedOptions.begin(), R.SeedOptions.end());
  return Out;
}

std::string replayCommand(const CampaignInfo &I, const RunRecord &R) {
  std::vector<std::string> Cmd = {I.Schedsan, "replay", R.Trace};
  if (I.Depth)
    Cmd.insert(Cmd.end(), {"--depth", std::to_string(I.Depth)});
  if (R.Status == RunStatus::Timeout && I.Timeout > 0) {
    // The replay of a hang stops when the run did (replay's default: 60 s).
    char Seconds[32];
    snprintf(Seconds, sizeof(Seconds), "%.10g", I.Timeout);
    Cmd.insert(Cmd.end(), {"--timeout", Seconds});
  }
  for (const std::string &O : replayOptions(I, R))
    Cmd.insert(Cmd.end(), {"-o", O});
  Cmd.push_back("--");
  Cmd.insert(Cmd.end(), I.Command.begin(), I.Command.end());
  return shellJoin(Cmd);
}

std::string replayEnvCommand(const CampaignInfo &I, const RunRecord &R) {
  if (R.Trace.find(':') != std::string::npos)
    return "";
  std::string Opts;
  std::string Strategy = R.Strategy.empty() ? I.Strategy : R.Strategy;
  if (!Strategy.empty())
    Opts += "strategy=" + Strategy + ":";
  Opts += "seed=" + std::to_string(R.Seed) + ":";
  if (I.Depth)
    Opts += "depth=" + std::to_string(I.Depth) + ":";
  for (const std::string &O : replayOptions(I, R))
    Opts += O + ":";
  Opts += "replay=" + R.Trace;
  std::string Command = shellJoin(I.Command);
  if (!I.Command.empty() && shellQuote(I.Command[0]) == I.Command[0] &&
      I.Command[0].find('=') != std::string::npos)
    Command = "'" + I.Command[0] + "'" + Command.substr(I.Command[0].size());
  return SCHEDSAN_ENV_OPTIONS "=" + shellQuote(Opts) + " " + Command;
}

} // namespace schedsan::run
