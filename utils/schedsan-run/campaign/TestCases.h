//===- TestCases.h - One campaign per test case -----------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/campaign/TestCases.h
//
// DESCRIPTION:
//    `schedsan run --gtest [options] -- ./tests [args]` (and --catch2):
//    lists the binary's test cases (TestList.h), keeps those --cases
//    selects, and runs each as a campaign of its own (Campaign.h) with the
//    program's arguments plus the one that runs that case alone, so -n,
//    -j, --strategy (default: portfolio), --timeout, --until-bug/--count,
//    -o, --minimize and --timeline apply to each case, and every replay
//    command names its case. --out DIR and --timeline DIR get a
//    subdirectory per case (its name with characters other than letters,
//    digits, '.', '_' and '-' as '_'; --timeline: failing cases only).
//
//    Prints a line per case as it ends:
//      [PASS] Counter.Single: 1000 runs, 0 hits, 0.84 s
//      [FAIL] Counter.Racy: 9 runs, 1 hit (1 signature), 0.02 s
//    after a failing case its campaign's summary (Summary.h: signatures,
//    schedules, replay commands) and each signature's framework message,
//    and at the end the tally ("3 cases: 2 passed, 1 failed"). Exit
//    status: 1 if a case failed, else 130 if interrupted, else 0.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_TESTCASES_H
#define SCHEDSAN_RUN_TESTCASES_H

#include "cli/Options.h"

#include <string>

namespace schedsan::run {

// Checks the options of a --gtest/--catch2 run and sets its defaults;
// exits 2 on a combination it cannot run (e.g. --cases without a
// framework, --shard).
void finishTestCaseOptions(RunOptions &O);

// Runs O's test cases; Self: how to call schedsan in replay commands.
// Returns the exit status.
int runTestCases(const RunOptions &O, const std::string &Self);

} // namespace schedsan::run

#endif
