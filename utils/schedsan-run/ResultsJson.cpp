//===- ResultsJson.cpp - Campaign results as JSON -------------------------===//
//
// FILE:
//    utils/schedsan-run/ResultsJson.cpp
//
// DESCRIPTION:
//    See ResultsJson.h.
//===----------------------------------------------------------------------===//
#include "ResultsJson.h"
#include "Diag.h"

#include <cerrno>
#include <cmath>
#include <cstdio>

namespace schedsan::run {

namespace {

Json strings(const std::vector<std::string> &V) {
  Json A = Json::array();
  for (const std::string &S : V)
    A.push(S);
  return A;
}

Json runToJson(const RunRecord &R) {
  Json J = Json::object();
  J.set("seed", R.Seed);
  J.set("status", statusName(R.Status));
  if (R.Signal)
    J.set("signal", R.Signal);
  else
    J.set("exit", R.ExitCode);
  if (R.HasStats) {
    J.set("steps", R.Steps);
    if (R.Threads)
      J.set("threads", R.Threads);
    if (R.K)
      J.set("k", R.K);
  }
  J.set("time_us", (int64_t)std::llround(R.Seconds * 1e6));
  if (R.failed()) {
    J.set("kind", R.Kind);
    J.set("location", R.Location);
    J.set("strategy", R.Strategy);
    J.set("schedule", R.Trace);
    J.set("report", R.StderrPath);
    J.set("stdout", R.StdoutPath);
    J.set("replayable", R.Replayable);
  }
  return J;
}

bool runFromJson(const Json &J, const std::string &Strategy, RunRecord &R,
                 std::string &Error) {
  if (J.kind() != Json::Kind::Object || !J.get("seed") || !J.get("status")) {
    Error = "a run without seed or status";
    return false;
  }
  R.Seed = J["seed"].asUInt();
  const std::string &S = J["status"].asString();
  if (S == "pass")
    R.Status = RunStatus::Pass;
  else if (S == "fail")
    R.Status = RunStatus::Fail;
  else if (S == "timeout")
    R.Status = RunStatus::Timeout;
  else {
    Error = "run " + std::to_string(R.Seed) + ": unknown status '" + S + "'";
    return false;
  }
  R.ExitCode = (int)J["exit"].asInt();
  R.Signal = (int)J["signal"].asInt();
  R.HasStats = J.get("steps") != nullptr;
  R.Steps = J["steps"].asUInt();
  R.Threads = (unsigned)J["threads"].asInt();
  R.K = J["k"].asUInt();
  R.Seconds = J["time_us"].asInt() * 1e-6;
  R.Strategy = R.HasStats ? Strategy : "";
  if (R.failed()) {
    R.Kind = J["kind"].asString();
    R.Location = J["location"].asString();
    R.Strategy = J["strategy"].asString();
    R.Trace = J["schedule"].asString();
    R.StderrPath = J["report"].asString();
    R.StdoutPath = J["stdout"].asString();
    R.Replayable = J["replayable"].asBool(true);
  }
  return true;
}

} // namespace

Json campaignToJson(const Campaign &C, const Totals &T) {
  const CampaignInfo &I = C.Info;
  Json J = Json::object();
  J.set("format", "schedsan-run-results");
  J.set("version", 1);
  J.set("command", strings(I.Command));
  J.set("strategy", I.Strategy);
  J.set("depth", I.Depth);
  J.set("options", strings(I.Options));
  J.set("seed_base", I.SeedBase);
  J.set("runs_requested", I.Runs);
  J.set("shard_count", I.ShardCount);
  Json Shards = Json::array();
  for (unsigned S : I.Shards)
    Shards.push(S);
  J.set("shards", std::move(Shards));
  J.set("until_bug", I.UntilBug);
  J.set("interrupted", I.Interrupted);
  J.set("jobs", I.Jobs);
  J.set("mode", I.Mode);
  J.set("timeout_s", I.Timeout);
  J.set("elapsed_s", I.Seconds);
  J.set("out_dir", I.OutDir);
  J.set("schedsan", I.Schedsan);

  Json Tot = Json::object();
  Tot.set("runs", T.Runs);
  Tot.set("passed", T.Passed);
  Tot.set("failed", T.Failed);
  Tot.set("timeouts", T.Timeouts);
  Tot.set("signatures", (uint64_t)T.Groups.size());
  Tot.set("steps_mean", T.WithStats ? double(T.StepsSum) / T.WithStats : 0.0);
  Tot.set("steps_max", T.StepsMax);
  Tot.set("threads_mean",
          T.WithThreads ? double(T.ThreadsSum) / T.WithThreads : 0.0);
  Tot.set("threads_max", T.ThreadsMax);
  Tot.set("k_max", T.KMax);
  Tot.set("strategy", T.Strategy);
  Tot.set("depth", T.Depth);
  J.set("totals", std::move(Tot));

  Json Failures = Json::array();
  for (const FailureGroup &G : T.Groups) {
    double Lo, Hi;
    wilson(G.Hits, T.Runs, Lo, Hi);
    Json F = Json::object();
    F.set("signature", G.Signature);
    F.set("kind", G.Kind);
    F.set("location", G.Location);
    F.set("hits", G.Hits);
    F.set("ratio", T.Runs ? double(G.Hits) / T.Runs : 0.0);
    Json CI = Json::array();
    CI.push(Lo);
    CI.push(Hi);
    F.set("ci95", std::move(CI));
    F.set("first_seed", G.First->Seed);
    F.set("schedule", G.First->Trace);
    F.set("report", G.First->StderrPath);
    F.set("stdout", G.First->StdoutPath);
    F.set("replay", G.First->Trace.empty() ? "" : replayCommand(I, *G.First));
    F.set("replay_env",
          G.First->Trace.empty() ? "" : replayEnvCommand(I, *G.First));
    Failures.push(std::move(F));
  }
  J.set("failures", std::move(Failures));

  if (T.Strategy == "pct" && T.KMax && T.ThreadsMax) {
    Json B = Json::array();
    for (int D = 1; D <= 3; ++D) {
      Json E = Json::object();
      E.set("depth", D);
      E.set("per_run", pctPerRun(T.ThreadsMax, T.KMax, D));
      E.set("missed", pctMissBound(T.ThreadsMax, T.KMax, D, T.Passed));
      B.push(std::move(E));
    }
    J.set("pct_bound", std::move(B));
  }

  Json Runs = Json::array();
  for (const RunRecord &R : C.Records)
    Runs.push(runToJson(R));
  J.set("runs", std::move(Runs));
  return J;
}

bool campaignFromJson(const Json &J, Campaign &C, std::string &Error) {
  if (J["format"].asString() != "schedsan-run-results") {
    Error = "not a 'schedsan run --json' file";
    return false;
  }
  if (J["version"].asInt() != 1) {
    Error = "version " + std::to_string(J["version"].asInt()) +
            " (this schedsan reads version 1)";
    return false;
  }
  CampaignInfo &I = C.Info;
  for (const Json &S : J["command"].items())
    I.Command.push_back(S.asString());
  I.Strategy = J["strategy"].asString();
  I.Depth = (int)J["depth"].asInt();
  for (const Json &S : J["options"].items())
    I.Options.push_back(S.asString());
  I.SeedBase = J["seed_base"].asUInt();
  I.Runs = J["runs_requested"].asUInt();
  I.ShardCount = (unsigned)J["shard_count"].asInt(1);
  for (const Json &S : J["shards"].items())
    I.Shards.push_back((unsigned)S.asInt());
  I.UntilBug = J["until_bug"].asBool();
  I.Interrupted = J["interrupted"].asBool();
  I.Jobs = (unsigned)J["jobs"].asInt();
  I.Mode = J["mode"].asString();
  I.Timeout = J["timeout_s"].asDouble();
  I.Seconds = J["elapsed_s"].asDouble();
  I.OutDir = J["out_dir"].asString();
  I.Schedsan = J["schedsan"].asString();
  if (I.Command.empty() || !J.get("runs")) {
    Error = "no command or no runs";
    return false;
  }
  const std::string &Strategy = J["totals"]["strategy"].asString();
  for (const Json &R : J["runs"].items()) {
    RunRecord Rec;
    if (!runFromJson(R, Strategy, Rec, Error))
      return false;
    C.Records.push_back(std::move(Rec));
  }
  return true;
}

void writeFileOrDie(const std::string &Path, const std::string &Text,
                    const char *What) {
  FILE *F = std::fopen(Path.c_str(), "w");
  if (!F)
    fatal(std::string("cannot write ") + What + " '" + Path +
          "': " + lastError());
  std::fwrite(Text.data(), 1, Text.size(), F);
  if (std::fclose(F) != 0)
    fatal(std::string("cannot write ") + What + " '" + Path +
          "': " + lastError());
}

} // namespace schedsan::run
