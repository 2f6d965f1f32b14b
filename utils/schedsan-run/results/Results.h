//===- Results.h - A campaign's runs and what they add up to ----*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/results/Results.h
//
// DESCRIPTION:
//    The data of a campaign: what was asked (CampaignInfo), one record per
//    completed run (RunRecord), and what the runs add up to (Totals). The
//    records are added to the Totals one by one as the runs end (in seed
//    order) and not kept, so a campaign's memory does not grow with its
//    runs; a group keeps its first failing run. Everything printed or
//    written (summary, JSON, JUnit) comes from the Totals, built the same
//    way for a campaign just run and for shards merged from JSON, so a merge
//    of the shards gives exactly the totals of the unsharded run.
//
//    A failure's signature is its kind plus its location: for schedsan's own
//    reports the SUMMARY line, which names where the bug is (e.g.
//    "assertion failure at x.c:26 in use(void *)", the assertion's own line;
//    a fatal signal's faulting frame; a deadlock's lock calls),
//    for another sanitizer's report its SUMMARY line ("AddressSanitizer:
//    heap-use-after-free at ..."), else "exit status N" / "killed by SIGx" /
//    "timeout" (a test case's exit status: its framework's failure line,
//    "GoogleTest failure at t.cpp:45"). Failures with one signature form a
//    group.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_RESULTS_H
#define SCHEDSAN_RUN_RESULTS_H

#include "StrategyTable.h"
#include "explore/Coverage.h"
#include "explore/RffCorpus.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace schedsan::run {

// ScriptTimeout: a test script's select was not satisfied in time; neither
// a pass nor a failure.
enum class RunStatus { Pass, Fail, Timeout, ScriptTimeout };
// "pass", "fail", "timeout", "script_timeout"
const char *statusName(RunStatus S);

struct RunRecord {
  uint64_t Seed = 0;
  RunStatus Status = RunStatus::Pass;
  int ExitCode = 0; // when it exited
  int Signal = 0;   // when a signal ended it
  double Seconds = 0;
  // From the runtime's per-run line (verbosity=1) or the report.
  bool HasStats = false;
  std::string Strategy;
  std::string Member;        // --strategy portfolio: the member that ran it
  uint64_t Steps = 0, K = 0; // K: PCT's measured count (0 if unknown)
  unsigned Threads = 0;
  bool Replayable = true;
  // Failures only.
  std::string Kind, Location; // signature parts
  std::string Trace, StdoutPath, StderrPath;
  // Its event pairs (Coverage.h): counted, not written per run.
  std::vector<std::string> Pairs;
  // --strategy rff (RffCorpus.h): its rf_constraints ("" for none; with the
  // seed, its identity) and what its rf_file said (learned, not written).
  std::string Constraints;
  RfRun Rf;
  // --strategy rff: its options that vary with its seed (rffSeedOptions:
  // portfolio_member=, creation_decisions=), part of its identity too.
  std::vector<std::string> SeedOptions;

  bool failed() const {
    return Status == RunStatus::Fail || Status == RunStatus::Timeout;
  }
  std::string signature() const;
};

struct CampaignInfo {
  std::vector<std::string> Command; // program and arguments
  std::string Strategy;             // as requested; "" = binary's default
  // The campaign's strategy (RunOptions::Effective); read from a results
  // file, the requested one's row (nullptr: none requested, or unknown).
  const StrategyInfo *Effective = nullptr;
  int Depth = 0;                    // as requested; 0 = runtime default (3)
  std::vector<std::string> Options; // runtime options passed through
  uint64_t K = 0;                   // PCT's k the runner chose (0: none)
  // --decision-sites (DecisionSites.h): whether a site set was given, its
  // sites, the binary's (0: unknown); the learning runs, how many failed.
  bool SitesFiltered = false;
  std::vector<uint32_t> SiteIds;
  uint64_t SitesTotal = 0;
  unsigned LearnRuns = 0, LearnFailures = 0;
  uint64_t SeedBase = 1, Runs = 0; // the whole campaign's seed range
  unsigned ShardCount = 1;
  std::vector<unsigned> Shards; // shard indexes these results cover
  bool UntilBug = true;
  uint64_t UntilSaturated = 0; // --until-saturated's W (0: off)
  bool Saturated = false;      // the campaign stopped for it
  bool Interrupted = false;
  unsigned Jobs = 1;
  std::string Mode; // "fork server", "exec", or a mix
  double Timeout = 0;
  double Seconds = 0; // wall time (sum over merged shards)
  std::string OutDir;
  std::string Schedsan = "schedsan"; // how to call schedsan in commands
  // A systematic search (Search.h): the schedules it ran (of them, those
  // sleep sets cut short), and whether they were all there are; a test
  // script's name.
  bool Search = false, SearchComplete = false;
  uint64_t SchedulesExplored = 0, SchedulesBlocked = 0;
  int PreemptionBound = -1; // -1: none
  std::string Script;
};

struct FailureGroup {
  std::string Signature, Kind, Location;
  uint64_t Hits = 0;
  RunRecord First; // lowest failing seed
  uint64_t NotReplayable = 0;
};

struct Totals {
  uint64_t Runs = 0, Passed = 0, Failed = 0, Timeouts = 0, ScriptTimeouts = 0;
  uint64_t WithStats = 0, StepsSum = 0, StepsMax = 0;
  uint64_t WithThreads = 0, ThreadsSum = 0, ThreadsMax = 0, KMax = 0;
  uint64_t KSum = 0;          // decision points (PCT's k) of the runs WithStats
  uint64_t NotReplayable = 0; // runs WithStats not exactly replayable
  uint64_t SeedMin = 0, SeedMax = 0;
  double PassSeconds = 0; // time of the clean runs
  std::string Strategy;   // reported by the runs ("" if none reported)
  // Its row of the strategy table (nullptr: none reported, or a name the
  // table does not have).
  const StrategyInfo *Reported = nullptr;
  int Depth = 3;                    // the depth the runs used
  std::vector<FailureGroup> Groups; // by first failing seed, after sort()
  // --strategy portfolio: runs and failures of each member, by label.
  std::map<std::string, std::pair<uint64_t, uint64_t>> ByMember;

  // Counts one run (in any order).
  void add(const RunRecord &R);
  // Orders the groups by their first failing seed.
  void sortGroups();

private:
  std::map<std::string, size_t> Index; // signature -> group
};

struct Campaign {
  CampaignInfo Info;
  Totals Tot;
  Coverage Cov;
  RffFigures Rff; // --strategy rff
};

// P(a bug of depth D is missed by R independent runs) <= (1 - p)^R with
// p = 1/(n k^(D-1)) (PCT, Burckhardt et al. ASPLOS 2010, Theorem 9).
double pctPerRun(uint64_t N, uint64_t K, int D);
double pctMissBound(uint64_t N, uint64_t K, int D, uint64_t R);
// Runs needed for the bound to reach P (0.01: 99 % confidence).
double pctRunsFor(uint64_t N, uint64_t K, int D, double P);

// Wilson 95 % interval of Hits/Runs.
void wilson(uint64_t Hits, uint64_t Runs, double &Lo, double &Hi);

// The runtime options that repeat run R of a campaign: PCT's k, the -o
// options, and the run's own (runOwnOptions).
std::vector<std::string> replayOptions(const CampaignInfo &I,
                                       const RunRecord &R);
// The options run R had of its own: rff's rf_constraints and its seed's
// options (RunRecord::SeedOptions).
std::vector<std::string> runOwnOptions(const RunRecord &R);

// `schedsan replay TRACE [--depth D] [-o K=V...] -- PROGRAM ARGS` and the
// same as a plain SCHEDSAN_OPTIONS=... command line, quoted for a POSIX
// shell. The second is "" when the trace's path holds ':' (the runtime's
// option separator, which SCHEDSAN_OPTIONS cannot escape); `schedsan
// replay` copes with any path.
std::string replayCommand(const CampaignInfo &I, const RunRecord &R);
std::string replayEnvCommand(const CampaignInfo &I, const RunRecord &R);

// Shell quoting.
std::string shellQuote(const std::string &S);
std::string shellJoin(const std::vector<std::string> &Args);

} // namespace schedsan::run

#endif
