//===- ResultsJson.h - Campaign results as JSON -----------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/ResultsJson.h
//
// DESCRIPTION:
//    `schedsan run --json FILE` writes, and `schedsan merge` reads back:
//      format, version            "schedsan-run-results", 1
//      command, strategy, depth, options, seed_base, runs_requested,
//      shard_count, shards, until_bug, interrupted, jobs, mode, timeout_s,
//      elapsed_s, out_dir        what was asked and how it ran
//      totals                     runs, passed, failed, timeouts, signatures,
//                                 steps_mean/max, threads_mean/max, k_max,
//                                 strategy (as the runs reported it), depth
//      failures[]                 per signature: signature, kind, location,
//                                 hits, ratio, ci95, first_seed, schedule,
//                                 report, stdout, replay, replay_env
//      pct_bound[]                (PCT only) depth, per_run, missed
//      runs[]                     one per run, by seed: seed, status
//                                 (pass|fail|timeout), exit or signal,
//                                 steps, threads, k, time_us; failures add
//                                 kind, location, strategy, schedule,
//                                 report, stdout, replayable
//    `runs` is the source of truth: merge recomputes everything else from
//    the union of the shards' runs.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_RESULTSJSON_H
#define SCHEDSAN_RUN_RESULTSJSON_H

#include "Json.h"
#include "Results.h"

namespace schedsan::run {

Json campaignToJson(const Campaign &C, const Totals &T);

// Reads what campaignToJson wrote; false with Error on anything else.
bool campaignFromJson(const Json &J, Campaign &C, std::string &Error);

// Writes Text to Path (exits 2 if it cannot).
void writeFileOrDie(const std::string &Path, const std::string &Text,
                    const char *What);

} // namespace schedsan::run

#endif
