//===- CaseResults.h - Per-test-case results as JUnit and JSON --*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/campaign/CaseResults.h
//
// DESCRIPTION:
//    `schedsan run --gtest/--catch2 --junit FILE --json FILE`: the results
//    of one campaign per test case.
//    JUnit: a <testsuite> per suite (GoogleTest) or one for the binary
//    (Catch2), a <testcase> per case, classname = the suite or the binary,
//    name = the case's name exactly as the framework gives it (never
//    counts, so names are stable from run to run); a failing case has one
//    <failure> whose message is its first signature, hit ratio and replay
//    command, and whose text lists every signature with its replay command
//    and framework message, then the first failure's report; a case cut
//    short by Ctrl-C has an <error>, cases never started a <skipped/>.
//    JSON (`"format": "schedsan-run-cases", "version": 1`): framework,
//    command, then `cases`, one entry per case as it ends (name, suite,
//    case, argument, status pass|fail|interrupted, runs, hits, signatures,
//    and `campaign`: the case's whole `schedsan run --json` object,
//    ResultsJson.h), then `totals` (cases, passed, failed, not_run).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_CASERESULTS_H
#define SCHEDSAN_RUN_CASERESULTS_H

#include "campaign/Files.h"
#include "campaign/TestList.h"
#include "results/Results.h"

#include <string>
#include <vector>

namespace schedsan::run {

struct CaseResult {
  TestCase Case;
  Campaign C;
  // Per failure group: its first failure's framework message ("": none).
  std::vector<std::string> Messages;

  bool failed() const { return C.Tot.Failed + C.Tot.Timeouts != 0; }
  // "pass", "fail" or "interrupted".
  const char *status() const;
};

// The JUnit file; NotRun: the cases never started (after Ctrl-C).
std::string casesToJUnit(TestFramework F, const std::vector<CaseResult> &Done,
                         const std::vector<TestCase> &NotRun);

// The JSON file, written as the cases end.
class CasesJsonFile {
public:
  // Opens Path; exits 2 naming it if it cannot be written.
  void open(const std::string &Path);
  bool isOpen() const { return Out.isOpen(); }
  void begin(TestFramework F, const std::vector<std::string> &Command);
  // One case; CampaignJson: its campaign's `schedsan run --json` text.
  void add(const CaseResult &R, const std::string &CampaignJson);
  void finish(size_t Passed, size_t Failed, size_t NotRun);
  void discard() { Out.discard(); }

private:
  OutputFile Out;
  bool First = true;
};

} // namespace schedsan::run

#endif
