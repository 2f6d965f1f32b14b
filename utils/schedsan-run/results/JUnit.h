//===- JUnit.h - Campaign results as JUnit XML ------------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/results/JUnit.h
//
// DESCRIPTION:
//    `--junit FILE` for CI systems that show JUnit test results. One
//    <testsuite> named after the program; one <testcase> per failure
//    signature (a <failure> whose message has the hit ratio, first seed and
//    replay command, and whose text is the first failing run's report), and
//    one passing <testcase> for the clean runs. An interrupted campaign
//    (Ctrl-C, SIGTERM) adds a <testcase> with an <error> saying after how
//    many of its runs it stopped, so CI does not read it as passed.
//    Properties carry the
//    strategy, seeds and, for PCT, the bounds. Text is valid UTF-8 with the
//    characters XML 1.0 forbids removed.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_JUNIT_H
#define SCHEDSAN_RUN_JUNIT_H

#include "results/Results.h"

#include <string>

namespace schedsan::run {

std::string campaignToJUnit(const Campaign &C, const Totals &T);

// Raw as XML text or attribute value: valid UTF-8, markup escaped, the
// characters XML 1.0 forbids as '?'.
std::string xml(const std::string &Raw);
// A time attribute: seconds with three decimals.
std::string xmlSeconds(double S);

} // namespace schedsan::run

#endif
