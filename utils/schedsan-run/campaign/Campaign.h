//===- Campaign.h - Run a program under many seeds --------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/campaign/Campaign.h
//
// DESCRIPTION:
//    The engine of `schedsan run`. Set-up: check the program and the runtime
//    options (Program.h), make the output directory, one scratch area per
//    worker. Then -j workers (threads) each own a launcher (a fork server,
//    or one exec per run) and take seeds in order from a shared counter;
//    the main thread shows the progress line.
//
//    Seeds: the campaign's seeds are SEED_BASE .. SEED_BASE+RUNS-1; shard
//    I/N runs those with index = I (mod N), in increasing order.
//
//    --until-bug: when a run fails, no seed after it is started and runs in
//    flight with later seeds are killed and dropped, but earlier seeds still
//    finish. The result is therefore exactly the runs up to the first
//    failing seed, the same with -j 1 or -j 16.
//
//    PCT's k: a PCT campaign without -o k=N first makes one calibration run
//    (seed SEED_BASE, the same for every shard, with the runtime's default
//    k) and passes the k= of its exit summary (points with more than one
//    enabled thread; at least 1; the runtime's default 1000 if the run
//    printed none) to every run as k=. No state goes from run to run, so a
//    seed's schedule is the same whatever -j, --shard or the order of runs
//    (except under rff, which learns: see below).
//
//    Each worker pins its runs (and its fork server) to one CPU
//    (cpu=<the worker's index mod the available CPUs>), unless -o cpu= says
//    otherwise. A run's stdout and stderr come back through pipes
//    (Capture.h); the traces of failing runs live in a scratch directory on
//    tmpfs (/dev/shm) when there is one (trace_dir=): a failing run without
//    a report (exit status, signal) that wrote schedsan.<pid>.trace there
//    gets that schedule too.
//
//    A systematic search (--strategy dfs, --script with --search dfs;
//    Search.h) runs one schedule at a time on one worker: before each run
//    the searcher writes the run's prefix to search_file, after it reads
//    the run's choices back, and the campaign ends early once every
//    schedule was explored.
//
//    A campaign over one test case (--gtest, --catch2; TestCases.h): a run
//    that failed by its exit status alone gets the framework's first
//    failure line in its stdout as its signature (TestList.h).
//
//    Event pairs (Coverage.h): unless --no-coverage (or the program's
//    runtime has no coverage_file option), each worker's runs write their
//    event pairs to one scratch file (coverage_file=; removed before each
//    run, read after it); the records carry them to the campaign's
//    Coverage in seed order. --until-saturated=W ends the campaign, as a
//    failure ends it under --until-bug, at the W-th run in a row (by seed)
//    that added no pair.
//
//    --strategy rff (RffCorpus.h): the campaign owns a corpus of
//    constraint sets. Each run gets, on top of the base options,
//    rf_constraints=<the set the corpus gives its seed now> and writes its
//    reads-from pairs to its worker's rf_file (removed before each run);
//    the records bring them back to the corpus in seed order.
//
//    Failing runs keep their stdout, stderr and trace as
//    DIR/seed-<seed>.{stdout,stderr,trace} (the --keep lowest seeds of each
//    signature); the trace path in the kept stderr names the kept trace.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_CAMPAIGN_H
#define SCHEDSAN_RUN_CAMPAIGN_H

#include "cli/Options.h"
#include "results/Results.h"

#include <string>

namespace schedsan::run {

class ResultsFile;

// Runs the campaign; exits 2 on set-up errors. Self: how to call schedsan
// in the replay commands printed later. Json (if not null) gets the
// parameters, then every run as it completes; the caller finishes it.
Campaign runCampaign(const RunOptions &O, const std::string &Self,
                     ResultsFile *Json);

// How many of the campaign's Runs seeds shard Index of Count runs.
uint64_t shardRuns(uint64_t Runs, unsigned Index, unsigned Count);

} // namespace schedsan::run

#endif
