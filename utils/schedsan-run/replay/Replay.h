//===- Replay.h - schedsan replay -------------------------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/replay/Replay.h
//
// DESCRIPTION:
//    `schedsan replay TRACE -- PROGRAM ARGS` re-runs one failing schedule:
//    the strategy and seed come from the trace's header line
//    (`# strategy=S seed=N threads=.. steps=.. replayable=..`), the runtime
//    follows the recorded decisions (replay=TRACE), and the program prints
//    its report again. Output goes to the terminal; exit 1 if the run
//    failed (reproduced), 0 if it did not.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_REPLAY_H
#define SCHEDSAN_RUN_REPLAY_H

#include "cli/Options.h"
#include "results/Results.h"

#include <string>
#include <vector>

namespace schedsan::run {

int replayMain(const std::vector<std::string> &Args);

// Replays O.Trace (and draws O's --timeline and --chrome-trace): 1 if the
// run failed, 0 if not.
int replayTrace(const ReplayOptions &O);

// `schedsan run --timeline DIR`: replays each group's first failure that
// kept a trace, drawing DIR/seed-<seed>.html and DIR/seed-<seed>.json.
void drawCampaignTimelines(const RunOptions &O, const Totals &T);

} // namespace schedsan::run

#endif
