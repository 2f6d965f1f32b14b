//===- TestList.h - A test binary's cases -----------------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/campaign/TestList.h
//
// DESCRIPTION:
//    What `schedsan run --gtest` / `--catch2` needs to know about a test
//    framework:
//      - its listing: `--gtest_list_tests` (a `Suite.` line, then its cases
//        indented; typed and parameterized suites and cases carry a
//        `  # TypeParam = ...` / `  # GetParam() = ...` comment; DISABLED_
//        tests are listed but not run, so they are left out) or Catch2 v2's
//        `--list-test-names-only` (one name a line; hidden tests are not
//        listed). The listing is one run of the instrumented binary: with
//        the runner's options dropped, strategy=random and seed=1 (one
//        thread: nothing to choose), and the trace a run that exits
//        non-zero writes kept in a scratch directory (Catch2 v2 exits with
//        the number of tests it listed), so it leaves no file and prints
//        no report;
//      - the argument that runs one case alone: `--gtest_filter=Suite.Case`
//        (GoogleTest names hold no filter characters), or the Catch2 name as
//        a test spec, with a backslash before each character its parser
//        treats specially (`\`, `,`, `[`, `]`, `"`, `~`). Catch2 v2 has no
//        escape for a `*` at either end of a name (a wildcard there) or a
//        leading `exclude:`, and matches names ignoring case: such a case
//        runs together with the cases its spec also matches;
//      - --cases PATTERN: GoogleTest's filter syntax on the cases' full
//        names: `POS1:POS2-NEG1:NEG2`, `*` and `?` globs, `\` escapes the
//        next character (for `:`, `-`, `*`, `?` in Catch2 names);
//      - a failing run's framework message: a run that failed only by its
//        exit status gets the signature of the framework's first failure
//        line in its stdout (`file:line: Failure`, `file:line: FAILED:`):
//        "GoogleTest failure at file:line" (one per EXPECT, whatever the
//        values it printed), and the message itself for the summary.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_TESTLIST_H
#define SCHEDSAN_RUN_TESTLIST_H

#include "cli/Options.h"
#include "cli/Program.h"
#include "results/Results.h"

#include <string>
#include <vector>

namespace schedsan::run {

struct TestCase {
  std::string Name;  // full name: "Suite.Case", or the Catch2 name
  std::string Suite; // JUnit classname: the suite, or the binary's name
  std::string Case;  // JUnit name: "Case", or the Catch2 name
  std::string Arg;   // the argument that runs it alone
};

// "GoogleTest" or "Catch2".
const char *frameworkName(TestFramework F);

// Runs P's listing once (see above); exits 2 if it fails or lists nothing.
std::vector<TestCase> listTestCases(TestFramework F, const Program &P,
                                    double Timeout);

// The listing's text (stdout) as cases; Binary: the program's name.
std::vector<TestCase> parseTestList(TestFramework F, const std::string &Text,
                                    const std::string &Binary);

// The argument that runs only the case named Name.
std::string caseArgument(TestFramework F, const std::string &Name);

// The cases --cases Pattern selects, in listing order; exits 2 naming a
// pattern that matches no case (or a filter that leaves none).
std::vector<TestCase> selectCases(const std::vector<TestCase> &All,
                                  const std::string &Pattern);

// A glob with `*`, `?` and `\` (escape) over the whole of Name.
bool globMatch(const std::string &Pattern, const std::string &Name);

// A run that failed by its exit status alone: its signature from the
// framework's first failure line in Stdout, if there is one.
void frameworkSignature(TestFramework F, const std::string &Stdout,
                        RunRecord &R);

// The framework's first failure message in Stdout (at most MaxLines
// lines), "" if none.
std::string frameworkMessage(TestFramework F, const std::string &Stdout,
                             size_t MaxLines = 20);

} // namespace schedsan::run

#endif
