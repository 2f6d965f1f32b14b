//===- Summary.h - The text report of a campaign ----------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/results/Summary.h
//
// DESCRIPTION:
//    What `schedsan run` and `schedsan merge` print on stdout at the end:
//    the runs, the failures grouped by signature (hit ratio with its 95 %
//    Wilson interval, first failing seed, schedule file, replay command),
//    mean and max steps and threads per run, and for PCT the probability
//    bound the clean runs achieved for bug depths 1, 2 and 3.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_SUMMARY_H
#define SCHEDSAN_RUN_SUMMARY_H

#include "results/Results.h"

#include <cstdio>
#include <string>

namespace schedsan::run {

std::string summaryText(const Campaign &C, const Totals &T);

// "seeds 1..1000", "shard 1/3: seeds 2, 5, ..., 998", ...
std::string seedText(const CampaignInfo &I, const Totals &T);

// Exit status of run and merge: 1 if any run failed or timed out, else 130
// if interrupted, else 0.
int exitStatus(const Campaign &C, const Totals &T);

} // namespace schedsan::run

#endif
