//===- ResultsJson.h - Campaign results as JSON -----------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/results/ResultsJson.h
//
// DESCRIPTION:
//    `schedsan run --json FILE` writes, and `schedsan merge` reads back:
//      format, version            "schedsan-run-results", 1
//      command, strategy, depth, k, options, seed_base, runs_requested,
//      shard_count, shards, until_bug, until_saturated (W, 0: off),
//      timeout_s, schedsan
//                                 what was asked (k: PCT's k the runner
//                                 chose for every run, 0 if none)
//      runs[]                     one per run, by seed: seed, status
//                                 (pass|fail|timeout|script_timeout),
//                                 exit or signal,
//                                 steps, threads, k, time_us,
//                                 rf_constraints and rf_held (an rff run
//                                 with constraints); failures add
//                                 kind, location, strategy, schedule,
//                                 report, stdout, replayable
//      interrupted, jobs, mode, elapsed_s, out_dir, saturated
//                                 how it ran (saturated: it stopped for
//                                 --until-saturated)
//      coverage                   (unless --no-coverage) the event pairs
//                                 and their figures (Coverage.h)
//      rff                        (--strategy rff) corpus_size, pairs_seen,
//                                 runs_constrained, runs_held,
//                                 runs_malformed, corpus[] (constraints,
//                                 added_by_seed, chosen, pairs, held),
//                                 pairs[] (write, read, runs) (RffCorpus.h)
//      schedules_explored, search_complete
//                                 (a search or a test script only) the
//                                 schedules run, and whether they were all
//                                 there are
//      schedules_blocked          (a search only) of those, the runs sleep
//                                 sets cut short (--reduction sleep)
//      totals                     runs, passed, failed, timeouts,
//                                 script_timeouts, signatures,
//                                 steps_mean/max, threads_mean/max, k_max,
//                                 strategy (as the runs reported it), depth
//      failures[]                 per signature: signature, kind, location,
//                                 hits, ratio, ci95, first_seed, schedule,
//                                 report, stdout, replay, replay_env
//      pct_bound[]                (PCT only) depth, per_run, missed
//    The file is written as the campaign goes: the parameters first, then
//    each run as it completes (in seed order), then the rest, so a
//    campaign of any length needs no memory per run. `runs` is the source
//    of truth: merge recomputes everything else from the union of the
//    shards' runs.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_RESULTSJSON_H
#define SCHEDSAN_RUN_RESULTSJSON_H

#include "campaign/Files.h"
#include "results/Json.h"
#include "results/Results.h"

namespace schedsan::run {

// The JSON results file, written as the runs end.
class ResultsFile {
public:
  // Opens Path; exits 2 naming it if it cannot be written.
  void open(const std::string &Path);
  bool isOpen() const { return Out.isOpen(); }
  // The parameters known before the first run, then `"runs": [`.
  void begin(const CampaignInfo &I);
  // One run; in seed order.
  void add(const RunRecord &R);
  // The rest; exits 2 if the file could not be written.
  void finish(const Campaign &C);
  // A campaign that stopped on an error: no file.
  void discard() { Out.discard(); }

private:
  OutputFile Out;
  bool First = true;
};

// Reads what ResultsFile wrote; false with Error on anything else. Runs
// go to Runs, in the file's order.
bool campaignFromJson(const Json &J, CampaignInfo &I,
                      std::vector<RunRecord> &Runs, std::string &Error);

} // namespace schedsan::run

#endif
