//===- Minimize.h - schedsan minimize ---------------------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/explore/Minimize.h
//
// DESCRIPTION:
//    `schedsan minimize TRACE -- PROGRAM ARGS` looks for a schedule with
//    the fewest preemptions (then the fewest context switches) that still
//    fails with TRACE's signature, and writes it as a trace.
//
//    A candidate is a subset of the current schedule's decisions. It is
//    replayed with replay_then=run_on: the run follows the decisions while
//    they fit, then goes on without preempting (the running thread runs
//    while it can), so removing a decision never brings in new random
//    switches. What the run really did is its own trace (trace=, or the
//    candidate itself when it was followed exactly), which replays
//    exactly; preemptions and switches come from its one-line summary
//    (verbosity=1) and the signature from its report (Outcome.h,
//    RunRecord::signature), as for a campaign's runs. A candidate that
//    fails with the same signature at a lower cost (preemptions, switches,
//    decisions) becomes the current schedule.
//
//    The search: delta debugging over the decisions (remove a half, then
//    quarters, ..., one at a time: Zeller and Hildebrandt, "Simplifying and
//    Isolating Failure-Inducing Input", TSE 2002, complement removal only),
//    then a pass that tries to remove each remaining decision alone, then
//    one that removes each preemption by moving the preempted thread's next
//    stretch of steps up to where it was preempted (MinimizeSchedule.h:
//    the later decisions move with their stretches, so they still mean
//    what they meant); each pass until nothing more goes or the replay
//    budget is spent. Then the result is replayed kChecks times as
//    `schedsan replay` would (no run_on, no new trace): each must follow
//    it exactly and fail with the same signature.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_MINIMIZE_H
#define SCHEDSAN_RUN_MINIMIZE_H

#include <cstdint>
#include <string>
#include <vector>

namespace schedsan::run {

// Replays of the result that must all fail alike.
constexpr unsigned kChecks = 20;

struct MinimizeRequest {
  std::string Trace;                // the failing schedule
  std::string OutPath;              // "" = Trace with .min.trace
  std::vector<std::string> Command; // program and arguments
  int Depth = 0;                    // as the failing run had it (0: default)
  std::vector<std::string> Options; // runtime options of the failing run
  double Timeout = 60;              // per replay, 0: none
  unsigned MaxReplays = 200;        // replays of candidates
};

struct MinimizeResult {
  bool Failed = false; // the trace itself failed when replayed
  std::string Signature, OutPath;
  uint64_t FromPreemptions = 0, ToPreemptions = 0;
  uint64_t FromSwitches = 0, ToSwitches = 0;
  unsigned Replays = 0;                 // candidates replayed
  unsigned Reproduced = 0, Checked = 0; // of the final check
  std::string Why;                      // when !Failed
};

// Minimizes R.Trace; progress notes on stderr.
MinimizeResult minimizeTrace(const MinimizeRequest &R);

// "minimized from P to Q preemptions (S to T switches) in N replays" and
// what the check found, one line each.
std::string minimizeText(const MinimizeResult &M);

struct Campaign;
// `schedsan run --minimize`: minimizes the first failure of each of C's
// groups that has a schedule, and prints what each gave.
void minimizeFailures(const Campaign &C);

// `schedsan minimize [options] TRACE -- PROGRAM ARGS`: exit 0 when the
// minimized trace fails alike in every check, 1 when not, 2 on set-up
// errors (among them a trace that does not fail when replayed).
int minimizeMain(const std::vector<std::string> &Args);

} // namespace schedsan::run

#endif
