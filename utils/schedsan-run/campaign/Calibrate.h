//===- Calibrate.h - PCT's k for a campaign ---------------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/campaign/Calibrate.h
//
// DESCRIPTION:
//    PCT's k for every run of the campaign: the k= (points with more than
//    one enabled thread) of one calibration run of seed SEED_BASE, made with
//    the runtime's default k; 0 if the campaign is not a PCT one or the user
//    set k. The same for every shard, -j and order of runs, so a seed's
//    schedule depends on nothing else.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_CALIBRATE_H
#define SCHEDSAN_RUN_CALIBRATE_H

#include "cli/Options.h"
#include "cli/Program.h"

#include <cstdint>
#include <string>
#include <vector>

namespace schedsan::run {

// UserOptions: the runtime options every run gets; TraceDir: trace_dir=
// ("" if the runtime has none). Exits 2 if the program cannot start.
uint64_t calibrateK(const Program &Prog, const std::vector<std::string> &Env,
                    const std::string &UserOptions, const std::string &TraceDir,
                    const RunOptions &O);

} // namespace schedsan::run

#endif
