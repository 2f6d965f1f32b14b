//===- DecisionSites.h - The memory sites a campaign decides at -*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/explore/DecisionSites.h
//
// DESCRIPTION:
//    --decision-sites=all|shared|FILE: which memory accesses are scheduling
//    decisions in the campaign's runs (runtime/observe/schedsan_decision.h).
//
//    all (the default): every access, as without the option.
//
//    shared: a learning prefix of --learn-runs N runs (default 20) first,
//    seeds SEED_BASE .. SEED_BASE+N-1 under the random walk with every
//    access a decision, each writing the sites whose accesses touched
//    memory another thread touched (shared_sites_file=,
//    runtime/observe/schedsan_shared.h). Their union is written once to
//    OUT/decision-sites and every run of the campaign (PCT's calibration
//    run included, so that k counts the decisions left) gets
//    decision_sites=<it>, which the campaign's options, its replay
//    commands and its JSON then name like any -o option. The learning runs
//    are the same for every shard, -j and order of runs, so a seed's
//    schedule depends on nothing else. The random walk, not the campaign's
//    strategy: its runs take more paths than PCT's few preemptions do, and
//    need no k. A learning run that fails is a bug like any other: its
//    report is printed with its replay command, its stderr and trace kept
//    as OUT/learn-seed-<seed>.{stderr,trace}, and the campaign exits 1.
//
//    FILE: a site set from an earlier campaign (its OUT/decision-sites, or
//    any file in that format), checked here, passed as decision_sites=.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_DECISIONSITES_H
#define SCHEDSAN_RUN_DECISIONSITES_H

#include "cli/Options.h"
#include "cli/Program.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace schedsan::run {

// The site ids of a site file (runtime/observe/schedsan_shared.h's format);
// false with Why if it cannot be read or is not one.
bool readSiteFile(const std::string &Path, std::set<uint32_t> &Ids,
                  std::string &Why);

struct SiteSet {
  std::string Path; // decision_sites= for every run ("": all)
  std::set<uint32_t> Ids;
  uint64_t Total = 0; // the binary's sites (0: unknown)
  unsigned LearnRuns = 0, LearnFailures = 0;
};

// The campaign's site set, per O.DecisionSites. UserOptions: the runtime
// options every run gets; TraceDir: trace_dir= ("" if the runtime has
// none); Jobs: learning runs at once. Exits 2 on a bad FILE or a runtime
// without shared_sites_file=.
SiteSet decisionSites(const Program &Prog, const std::vector<std::string> &Env,
                      const std::string &UserOptions, const std::string &OutDir,
                      const std::string &Scratch, const std::string &TraceDir,
                      const RunOptions &O, unsigned Jobs);

} // namespace schedsan::run

#endif
