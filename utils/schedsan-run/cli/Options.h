//===- Options.h - Command lines of run, replay and merge -------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/cli/Options.h
//
// DESCRIPTION:
//    Parses the arguments of each subcommand into a plain struct; a bad
//    option stops with a message naming it (exit 2). Long options take their
//    value as `--opt V` or `--opt=V`. The program and its arguments follow
//    `--` (or start at the first argument that is not an option).
//    Runtime options pass through as `-o key=value` (repeatable, or several
//    at once as `key=value:key=value`); the keys the runner sets itself
//    (RuntimeFlags.h) are refused with the option to use instead.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_OPTIONS_H
#define SCHEDSAN_RUN_OPTIONS_H

#include "StrategyTable.h"

#include <cstdint>
#include <string>
#include <vector>

namespace schedsan::run {

// --gtest, --catch2: the program is a test binary; each of its test cases
// is a campaign of its own (TestCases.h).
enum class TestFramework { None, GoogleTest, Catch2 };

struct RunOptions {
  uint64_t Runs = 1000; // -n: runs of the whole campaign
  unsigned Jobs = 0;    // -j: 0 = one per available CPU
  // --strategy (or -o strategy=): its row of the strategy table; nullptr:
  // not given (the binary's default).
  const StrategyInfo *Strategy = nullptr;
  // The strategy the campaign's runs run, resolved once when the program
  // is known (resolveStrategy, Program.h): --strategy, else the
  // environment's strategy=, else the binary's default (the table's
  // default if it was built with none); nullptr if that is unknown (the ELF
  // file did not tell). Every question about the campaign's strategy asks
  // this.
  const StrategyInfo *Effective = nullptr;
  int Depth = 0;                    // 0 = the runtime's default (3)
  std::vector<std::string> Options; // -o key=value, in order
  double Timeout = 60;              // seconds per run, 0 = none
  bool UntilBug = true;             // --until-bug (default) / --count
  uint64_t SeedBase = 1;
  unsigned ShardIndex = 0, ShardCount = 1;
  std::string JsonPath, JUnitPath, OutDir;
  unsigned Keep = 10; // failing runs kept per signature
  bool ForkServer = true;
  bool Coverage = true;        // --no-coverage: false
  uint64_t UntilSaturated = 0; // --until-saturated[=W]: W (0: off)
  bool Minimize = false;       // --minimize: each group's first failure
  std::string TimelineDir;     // --timeline: each group's first failure
  std::string Script;          // --script ("": none)
  // --search: the order of fresh choices, a strategy of the table
  // (findSearchOrder: dfs or random); nullptr: none.
  const StrategyInfo *Search = nullptr;
  std::string DecisionSites = "all"; // --decision-sites: all, shared, FILE
  unsigned LearnRuns = 20;           // --learn-runs (DecisionSites.h)
  int PreemptionBound = -1;          // preemption_bound= given, else -1
  TestFramework Framework = TestFramework::None;
  std::string Cases;                // --cases: which test cases ("": all)
  bool ListCases = false;           // --list-cases: print them, run none
  std::vector<std::string> Command; // program and its arguments
};

struct ReplayOptions {
  std::string Trace;
  int Depth = 0;
  double Timeout = 60; // seconds, 0 = none (as for run)
  std::vector<std::string> Options;
  std::string TimelinePath, ChromeTracePath; // --timeline, --chrome-trace
  std::vector<std::string> Command;
};

struct MinimizeOptions {
  ReplayOptions Replay;
  std::string OutPath;       // --out; "" = TRACE with .min.trace
  unsigned MaxReplays = 200; // --max-replays
};

struct MergeOptions {
  std::vector<std::string> Inputs;
  std::string JsonPath, JUnitPath;
};

RunOptions parseRunArgs(const std::vector<std::string> &Args);
ReplayOptions parseReplayArgs(const std::vector<std::string> &Args);
MinimizeOptions parseMinimizeArgs(const std::vector<std::string> &Args);
MergeOptions parseMergeArgs(const std::vector<std::string> &Args);

// Whether the campaign's strategy (RunOptions::Effective) is Id.
inline bool runsStrategy(const RunOptions &O, StrategyId Id) {
  return O.Effective && O.Effective->is(Id);
}

// The value of runtime option Key in Options (last one wins), or "".
std::string optionValue(const std::vector<std::string> &Options,
                        const std::string &Key);

// SCHEDSAN_OPTIONS from the environment without the keys schedsan sets
// itself (each one dropped with a note); they come first, so the options
// given to schedsan override them.
std::string environmentOptions();

// The environment's options a campaign's runs get, as a list (for the
// summary, the JSON and every printed replay command, which must not
// depend on the shell they are run in): those of Env (environmentOptions()),
// but strategy= when --strategy is given and depth= when --depth is.
std::vector<std::string> environmentOptionList(const std::string &Env,
                                               const RunOptions &O);

// The K=V items of a joined "K=V:K=V" option string, in order (an empty
// string gives one empty item).
std::vector<std::string> splitOptions(const std::string &Joined);

// A plain decimal number: digits only (no sign, no 0x, no octal, no
// trailing text), at most UINT64_MAX.
bool parseDecimal(const std::string &V, uint64_t &N);

} // namespace schedsan::run

#endif
