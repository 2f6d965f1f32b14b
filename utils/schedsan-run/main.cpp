//===- main.cpp - schedsan: run, replay, merge ----------------------------===//
//
// FILE:
//    utils/schedsan-run/main.cpp
//
// DESCRIPTION:
//    The `schedsan` command. Subcommands:
//      run     run a program under many seeds (Campaign.h), print the
//              summary (Summary.h), write JSON / JUnit; with --gtest or
//              --catch2, one such campaign per test case (TestCases.h)
//      replay  re-run one failing schedule (Replay.h)
//      merge   combine the JSON results of shards (Merge.h)
//      minimize  the fewest preemptions that still fail (Minimize.h)
//    Exit status: 0 no failure, 1 failures, 2 usage or set-up error.
//
// USAGE:
//    schedsan run -n 1000 --strategy pct -- ./prog args
//    schedsan run --count -n 10000 --shard 0/4 --json s0.json -- ./prog
//    schedsan replay /tmp/schedsan-run.Ab12/seed-17.trace -- ./prog args
//    schedsan merge s0.json s1.json s2.json s3.json --junit all.xml
//===----------------------------------------------------------------------===//
#include "campaign/Campaign.h"
#include "campaign/TestCases.h"
#include "cli/Diag.h"
#include "explore/Minimize.h"
#include "explore/Search.h"
#include "replay/Replay.h"
#include "results/JUnit.h"
#include "results/Merge.h"
#include "results/ResultsJson.h"
#include "results/Summary.h"

#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <unistd.h>

#ifndef SCHEDSAN_VERSION
#define SCHEDSAN_VERSION "0.1.0"
#endif

using namespace schedsan::run;

namespace {

const char *Usage = R"(usage: schedsan <command> [options] ...

  schedsan run [options] -- PROGRAM [ARGS...]     run PROGRAM under many seeds
  schedsan replay TRACE -- PROGRAM [ARGS...]      re-run a failing schedule
  schedsan merge A.json B.json ...                combine shards' results
  schedsan minimize TRACE -- PROGRAM [ARGS...]    fewest preemptions that fail

'schedsan <command> --help' describes each command.
)";

// How the printed replay commands call schedsan: by its path if it was run
// by path, else by name.
std::string selfName(const char *Argv0) {
  if (!std::strchr(Argv0, '/'))
    return Argv0;
  char Buf[PATH_MAX];
  ssize_t N = readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
  if (N <= 0)
    return Argv0;
  Buf[N] = 0;
  return Buf;
}

// The result files of `run`: opened first, so that one that cannot be
// written stops the campaign before it starts; removed if it stops on an
// error.
ResultsFile Json;
OutputFile JUnit;

void discardResults() {
  Json.discard();
  JUnit.discard();
}

int runMain(const std::vector<std::string> &Args, const std::string &Self) {
  RunOptions O = parseRunArgs(Args);
  finishSearchOptions(O);
  finishTestCaseOptions(O);
  if (O.Framework != TestFramework::None)
    return runTestCases(O, Self);
  setFatalCleanup(discardResults);
  if (!O.JsonPath.empty())
    Json.open(O.JsonPath);
  if (!O.JUnitPath.empty())
    JUnit.open(O.JUnitPath, "JUnit results");
  Campaign C = runCampaign(O, Self, Json.isOpen() ? &Json : nullptr);
  std::fputs(summaryText(C, C.Tot).c_str(), stdout);
  std::fflush(stdout);
  if (O.Minimize)
    minimizeFailures(C);
  Json.finish(C);
  if (JUnit.isOpen()) {
    JUnit.write(campaignToJUnit(C, C.Tot));
    JUnit.close();
  }
  if (!O.TimelineDir.empty())
    drawCampaignTimelines(O, C.Tot);
  return exitStatus(C, C.Tot);
}

} // namespace

int main(int argc, char **argv) {
  // A fork server that dies must not kill the runner with SIGPIPE (the
  // programs get the default disposition back: Exec.cpp).
  signal(SIGPIPE, SIG_IGN);
  // Started with SIGCHLD ignored, the kernel would reap the runs before the
  // runner reads their status; the programs get the default as well.
  signal(SIGCHLD, SIG_DFL);
  std::vector<std::string> Args(argv + 1, argv + argc);
  if (Args.empty() || Args[0] == "-h" || Args[0] == "--help" ||
      Args[0] == "help") {
    std::fputs(Usage, Args.empty() ? stderr : stdout);
    return Args.empty() ? kExitSetup : 0;
  }
  if (Args[0] == "--version") {
    std::printf("schedsan %s\n", SCHEDSAN_VERSION);
    return 0;
  }
  std::string Command = Args[0];
  Args.erase(Args.begin());
  // Nothing unexpected ends schedsan with an uncaught exception: it is a
  // set-up error, named.
  try {
    if (Command == "run")
      return runMain(Args, selfName(argv[0]));
    if (Command == "replay")
      return replayMain(Args);
    if (Command == "merge")
      return mergeMain(Args);
    if (Command == "minimize")
      return minimizeMain(Args);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "schedsan %s: error: %s\n", Command.c_str(), E.what());
    return kExitSetup;
  } catch (...) {
    std::fprintf(stderr, "schedsan %s: error: unexpected failure\n",
                 Command.c_str());
    return kExitSetup;
  }
  usageError("unknown command '" + Command +
             "' (run, replay, merge or minimize)");
}
