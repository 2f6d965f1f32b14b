//===- ResultsJson.cpp - Campaign results as JSON -------------------------===//
//
// FILE:
//    utils/schedsan-run/results/ResultsJson.cpp
//
// DESCRIPTION:
//    See ResultsJson.h.
//===----------------------------------------------------------------------===//
#include "results/ResultsJson.h"
#include "cli/Diag.h"

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
  if (!R.Member.empty())
    J.set("member", R.Member);  // --strategy portfolio
  if (!R.Constraints.empty()) { // --strategy rff
    J.set("rf_constraints", R.Constraints);
    J.set("rf_held", R.Rf.allHeld());
  }
  if (!R.SeedOptions.empty()) // --strategy rff: rffSeedOptions
    J.set("seed_options", strings(R.SeedOptions));
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
  else if (S == "script_timeout")
    R.Status = RunStatus::ScriptTimeout;
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
  R.Member = J["member"].asString();
  R.Constraints = J["rf_constraints"].asString();
  for (const Json &O : J["seed_options"].items())
    R.SeedOptions.push_back(O.asString());
  // rf_held is all a merge needs of what the run's rf_file said.
  R.Rf.Held.assign(constraintCount(R.Constraints),
                   J["rf_held"].asBool() ? 1 : 0);
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

// One member of the top-level object ("  "key": value").
std::string member(const std::string &Key, const Json &V, bool Last = false) {
  Json O = Json::object();
  O.set(Key, V);
  std::string S = O.dump(); // "{\n  "key": value\n}\n"
  return S.substr(2, S.size() - 5) + (Last ? "\n" : ",\n");
}

} // namespace

void ResultsFile::open(const std::string &Path) {
  Out.open(Path, "JSON results");
}

void ResultsFile::begin(const CampaignInfo &I) {
  if (!isOpen())
    return;
  std::string S = "{\n";
  S += member("format", "schedsan-run-results");
  S += member("version", 1);
  S += member("command", strings(I.Command));
  S += member("strategy", I.Strategy);
  S += member("depth", I.Depth);
  S += member("k", I.K);
  S += member("options", strings(I.Options));
  S += member("seed_base", I.SeedBase);
  S += member("runs_requested", I.Runs);
  S += member("shard_count", I.ShardCount);
  Json Shards = Json::array();
  for (unsigned Sh : I.Shards)
    Shards.push(Sh);
  S += member("shards", Shards);
  S += member("until_bug", I.UntilBug);
  S += member("until_saturated", I.UntilSaturated);
  S += member("timeout_s", I.Timeout);
  if (I.SitesFiltered) { // --decision-sites (DecisionSites.h)
    Json Sites = Json::object(), Ids = Json::array();
    for (uint32_t Id : I.SiteIds)
      Ids.push(Id);
    Sites.set("ids", std::move(Ids));
    Sites.set("sites_total", I.SitesTotal);
    Sites.set("learn_runs", I.LearnRuns);
    Sites.set("learn_failures", I.LearnFailures);
    S += member("decision_sites", Sites);
  }
  S += member("schedsan", I.Schedsan);
  S += "  \"runs\": [";
  Out.write(S);
  Out.flush(); // a full disk or a bad path shows now, not after the runs
}

void ResultsFile::add(const RunRecord &R) {
  if (!isOpen())
    return;
  std::string S = runToJson(R).dump();
  S.pop_back(); // the newline
  std::string Indented = First ? "\n    " : ",\n    ";
  for (char C : S) {
    Indented += C;
    if (C == '\n')
      Indented += "    ";
  }
  First = false;
  Out.write(Indented);
}

void ResultsFile::finish(const Campaign &C) {
  if (!isOpen())
    return;
  const CampaignInfo &I = C.Info;
  const Totals &T = C.Tot;
  std::string S = First ? "],\n" : "\n  ],\n";
  S += member("interrupted", I.Interrupted);
  S += member("jobs", I.Jobs);
  S += member("mode", I.Mode);
  S += member("elapsed_s", I.Seconds);
  S += member("out_dir", I.OutDir);
  S += member("saturated", I.Saturated);
  if (C.Cov.Enabled)
    S += member("coverage", C.Cov.toJson());
  if (C.Rff.Enabled)
    S += member("rff", C.Rff.toJson());
  if (I.Search || !I.Script.empty()) {
    S += member("schedules_explored", I.Search ? I.SchedulesExplored : T.Runs);
    if (I.Search)
      S += member("schedules_blocked", I.SchedulesBlocked);
    S += member("search_complete", I.SearchComplete);
  }

  Json Tot = Json::object();
  Tot.set("runs", T.Runs);
  Tot.set("passed", T.Passed);
  Tot.set("failed", T.Failed);
  Tot.set("timeouts", T.Timeouts);
  Tot.set("script_timeouts", T.ScriptTimeouts);
  Tot.set("signatures", (uint64_t)T.Groups.size());
  Tot.set("steps_mean", T.WithStats ? double(T.StepsSum) / T.WithStats : 0.0);
  Tot.set("steps_max", T.StepsMax);
  Tot.set("threads_mean",
          T.WithThreads ? double(T.ThreadsSum) / T.WithThreads : 0.0);
  Tot.set("threads_max", T.ThreadsMax);
  Tot.set("k_mean", T.WithStats ? double(T.KSum) / T.WithStats : 0.0);
  Tot.set("k_max", T.KMax);
  Tot.set("strategy", T.Strategy);
  Tot.set("depth", T.Depth);
  S += member("totals", Tot);

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
    F.set("first_seed", G.First.Seed);
    F.set("schedule", G.First.Trace);
    F.set("report", G.First.StderrPath);
    F.set("stdout", G.First.StdoutPath);
    F.set("replay", G.First.Trace.empty() ? "" : replayCommand(I, G.First));
    F.set("replay_env",
          G.First.Trace.empty() ? "" : replayEnvCommand(I, G.First));
    Failures.push(std::move(F));
  }
  bool Bound = T.Reported && T.Reported->has(UsesK) && T.KMax && T.ThreadsMax;
  S += member("failures", Failures, !Bound);

  if (Bound) {
    Json B = Json::array();
    for (int D = 1; D <= 3; ++D) {
      Json E = Json::object();
      E.set("depth", D);
      E.set("per_run", pctPerRun(T.ThreadsMax, T.KMax, D));
      E.set("missed", pctMissBound(T.ThreadsMax, T.KMax, D, T.Passed));
      B.push(std::move(E));
    }
    S += member("pct_bound", B, true);
  }
  S += "}\n";
  Out.write(S);
  Out.close();
}

bool campaignFromJson(const Json &J, CampaignInfo &I,
                      std::vector<RunRecord> &Runs, std::string &Error) {
  if (J["format"].asString() != "schedsan-run-results") {
    Error = "not a 'schedsan run --json' file";
    return false;
  }
  if (J["version"].asInt() != 1) {
    Error = "version " + std::to_string(J["version"].asInt()) +
            " (this schedsan reads version 1)";
    return false;
  }
  for (const Json &S : J["command"].items())
    I.Command.push_back(S.asString());
  I.Strategy = J["strategy"].asString();
  I.Effective = findStrategy(I.Strategy.c_str());
  I.Depth = (int)J["depth"].asInt();
  I.K = J["k"].asUInt();
  for (const Json &S : J["options"].items())
    I.Options.push_back(S.asString());
  I.SeedBase = J["seed_base"].asUInt();
  I.Runs = J["runs_requested"].asUInt();
  I.ShardCount = (unsigned)J["shard_count"].asInt(1);
  for (const Json &S : J["shards"].items())
    I.Shards.push_back((unsigned)S.asInt());
  I.UntilBug = J["until_bug"].asBool();
  I.UntilSaturated = J["until_saturated"].asUInt();
  I.Saturated = J["saturated"].asBool();
  I.Interrupted = J["interrupted"].asBool();
  I.Jobs = (unsigned)J["jobs"].asInt();
  I.Mode = J["mode"].asString();
  I.Timeout = J["timeout_s"].asDouble();
  I.Seconds = J["elapsed_s"].asDouble();
  I.OutDir = J["out_dir"].asString();
  I.Schedsan = J["schedsan"].asString();
  if (const Json *Sites = J.get("decision_sites")) {
    I.SitesFiltered = true;
    for (const Json &Id : (*Sites)["ids"].items())
      I.SiteIds.push_back((uint32_t)Id.asUInt());
    I.SitesTotal = (*Sites)["sites_total"].asUInt();
    I.LearnRuns = (unsigned)(*Sites)["learn_runs"].asUInt();
    I.LearnFailures = (unsigned)(*Sites)["learn_failures"].asUInt();
  }
  if (I.Command.empty() || !J.get("runs")) {
    Error = "no command or no runs";
    return false;
  }
  const std::string &Strategy = J["totals"]["strategy"].asString();
  for (const Json &R : J["runs"].items()) {
    RunRecord Rec;
    if (!runFromJson(R, Strategy, Rec, Error))
      return false;
    Runs.push_back(std::move(Rec));
  }
  return true;
}

} // namespace schedsan::run
