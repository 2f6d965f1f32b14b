//===- Replay.h - schedsan replay -------------------------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/Replay.h
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

#include <string>
#include <vector>

namespace schedsan::run {

int replayMain(const std::vector<std::string> &Args);

} // namespace schedsan::run

#endif
