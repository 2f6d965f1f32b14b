//===- TestCases.cpp - One campaign per test case -------------------------===//
//
// FILE:
//    utils/schedsan-run/campaign/TestCases.cpp
//
// DESCRIPTION:
//    See TestCases.h.
//===----------------------------------------------------------------------===//
#include "campaign/TestCases.h"
#include "campaign/Campaign.h"
#include "campaign/CaseResults.h"
#include "campaign/Coordinator.h"
#include "campaign/Exec.h"
#include "campaign/Outcome.h"
#include "campaign/TestList.h"
#include "cli/Diag.h"
#include "cli/Program.h"
#include "explore/Minimize.h"
#include "explore/Portfolio.h"
#include "replay/Replay.h"
#include "results/JUnit.h"
#include "results/ResultsJson.h"
#include "results/Summary.h"
#include "schedsan/schedsan_protocol.h"

#include <cctype>
#include <cstdio>
#include <set>

namespace schedsan::run {

namespace {

// The result files: opened before the listing, removed if schedsan stops
// on an error, as is the scratch directory (each case's JSON results).
CasesJsonFile CasesJson;
OutputFile JUnit;
std::string Scratch;

void discardResults() {
  CasesJson.discard();
  JUnit.discard();
  if (!Scratch.empty())
    removeTree(Scratch);
}

// A directory name for the case (unique among Used).
std::string caseDir(const std::string &Name, std::set<std::string> &Used) {
  std::string D;
  for (char C : Name)
    D += (std::isalnum((unsigned char)C) || C == '.' || C == '_' || C == '-')
             ? C
             : '_';
  std::string Unique = D;
  for (unsigned N = 2; !Used.insert(Unique).second; ++N)
    Unique = D + "-" + std::to_string(N);
  return Unique;
}

std::string plural(uint64_t N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

// "[FAIL] Counter.Racy: 9 runs, 1 hit (1 signature), 0.02 s"
std::string caseLine(const CaseResult &R) {
  const Totals &T = R.C.Tot;
  const char *Tag = R.failed()             ? "[FAIL]"
                    : R.C.Info.Interrupted ? "[STOP]"
                                           : "[PASS]";
  std::string Line = std::string(Tag) + " " + R.Case.Name + ": " +
                     plural(T.Runs, "run", "runs") + ", " +
                     plural(T.Failed + T.Timeouts, "hit", "hits");
  if (!T.Groups.empty())
    Line += " (" + plural(T.Groups.size(), "signature", "signatures") + ")";
  char Secs[32];
  std::snprintf(Secs, sizeof(Secs), ", %.2f s", R.C.Info.Seconds);
  return Line + Secs + (R.C.Info.Interrupted ? ", interrupted" : "") + "\n";
}

// Each group's framework message (from its first failure's stdout).
std::vector<std::string> messages(TestFramework F, const Totals &T) {
  std::vector<std::string> Out;
  for (const FailureGroup &G : T.Groups)
    Out.push_back(G.First.StdoutPath.empty()
                      ? ""
                      : frameworkMessage(
                            F, readTail(G.First.StdoutPath, Capture::Limit)));
  return Out;
}

// What follows a failing case's line: its summary, then each group's
// framework message.
std::string failureText(const CaseResult &R) {
  std::string Out = "\n" + summaryText(R.C, R.C.Tot);
  for (size_t I = 0; I != R.Messages.size(); ++I) {
    if (R.Messages[I].empty())
      continue;
    const RunRecord &F = R.C.Tot.Groups[I].First;
    Out += "\nfailure " + std::to_string(I + 1) + ": the output of seed " +
           std::to_string(F.Seed) + " (" + F.StdoutPath + "):\n";
    size_t Pos = 0;
    const std::string &M = R.Messages[I];
    while (Pos < M.size()) {
      size_t End = M.find('\n', Pos);
      Out += "    " + M.substr(Pos, End - Pos) + "\n";
      Pos = End == std::string::npos ? M.size() : End + 1;
    }
  }
  return Out + "\n";
}

// One case's campaign, its line and its files.
CaseResult runCase(const RunOptions &O, const TestCase &T,
                   const std::string &Dir, const std::string &Self) {
  RunOptions CO = O;
  CO.Command.push_back(T.Arg);
  if (!O.OutDir.empty())
    CO.OutDir = O.OutDir + "/" + Dir;
  if (!O.TimelineDir.empty())
    CO.TimelineDir = O.TimelineDir + "/" + Dir;
  ResultsFile CaseJson;
  const std::string JsonPath = Scratch + "/case.json";
  if (CasesJson.isOpen())
    CaseJson.open(JsonPath);
  CaseResult R;
  R.Case = T;
  R.C = runCampaign(CO, Self, CaseJson.isOpen() ? &CaseJson : nullptr);
  R.Messages = messages(O.Framework, R.C.Tot);
  std::fputs(caseLine(R).c_str(), stdout);
  if (R.failed())
    std::fputs(failureText(R).c_str(), stdout);
  std::fflush(stdout);
  if (O.Minimize)
    minimizeFailures(R.C);
  if (CaseJson.isOpen()) {
    CaseJson.finish(R.C);
    CasesJson.add(R, readTail(JsonPath, size_t(1) << 40));
  }
  if (!CO.TimelineDir.empty() && R.failed())
    drawCampaignTimelines(CO, R.C.Tot);
  return R;
}

} // namespace

void finishTestCaseOptions(RunOptions &O) {
  if (O.Framework == TestFramework::None) {
    if (!O.Cases.empty())
      usageError("option '--cases' needs --gtest or --catch2");
    if (O.ListCases)
      usageError("option '--list-cases' needs --gtest or --catch2");
    return;
  }
  if (O.ShardCount > 1)
    usageError("--shard does not apply to --gtest or --catch2 (each test "
               "case is a campaign of its own)");
  if (!O.Strategy)
    O.Strategy = &strategyInfo(StrategyId::portfolio);
}

int runTestCases(const RunOptions &O, const std::string &Self) {
  setFatalCleanup(discardResults);
  if (!O.JsonPath.empty())
    CasesJson.open(O.JsonPath);
  if (!O.JUnitPath.empty())
    JUnit.open(O.JUnitPath, "JUnit results");
  // Ctrl-C between the campaigns (the listing, a case's set-up) stops as
  // one during a campaign does: the cases so far are reported.
  installInterruptHandlers();
  Program P = findProgram(O.Command);
  probeRuntime(
      P, environmentWithout({SCHEDSAN_ENV_OPTIONS, SCHEDSAN_ENV_FORKSERVER}),
      "");
  std::vector<TestCase> Cases =
      selectCases(listTestCases(O.Framework, P, O.Timeout), O.Cases);
  if (O.ListCases) { // one full name a line, for build systems
    for (const TestCase &T : Cases)
      std::printf("%s\n", T.Name.c_str());
    return 0;
  }
  CasesJson.begin(O.Framework, O.Command);

  Scratch = scratchDir();
  std::set<std::string> Dirs;
  std::vector<CaseResult> Done;
  size_t Passed = 0, Failed = 0;
  for (const TestCase &T : Cases) {
    if (Interrupted)
      break;
    installInterruptHandlers(); // runCampaign restores the defaults
    Done.push_back(runCase(O, T, caseDir(T.Name, Dirs), Self));
    Passed += Done.back().status() == std::string("pass");
    Failed += Done.back().failed();
  }
  restoreInterruptHandlers();
  removeTree(Scratch);
  Scratch.clear();
  std::vector<TestCase> NotRun(Cases.begin() + Done.size(), Cases.end());
  const size_t Stopped = Cases.size() - Passed - Failed;

  std::string Tally = plural(Cases.size(), "case", "cases") + ": " +
                      std::to_string(Passed) + " passed, " +
                      std::to_string(Failed) + " failed";
  if (Stopped)
    Tally += ", " + std::to_string(Stopped) + " interrupted or not run";
  std::printf("%s\n", Tally.c_str());
  for (const CaseResult &R : Done)
    if (R.failed())
      std::printf("  failed: %s\n", R.Case.Name.c_str());
  std::fflush(stdout);

  CasesJson.finish(Passed, Failed, Stopped);
  if (JUnit.isOpen()) {
    JUnit.write(casesToJUnit(O.Framework, Done, NotRun));
    JUnit.close();
  }
  return Failed ? 1 : Stopped ? 130 : 0;
}

} // namespace schedsan::run
