//===- Minimize.cpp - schedsan minimize -----------------------------------===//
//
// FILE:
//    utils/schedsan-run/explore/Minimize.cpp
//
// DESCRIPTION:
//    See Minimize.h. Candidates and the runs' traces live in a scratch
//    directory removed at the end; only the result is written next to the
//    input (or to --out).
//===----------------------------------------------------------------------===//
#include "explore/Minimize.h"
#include "StrategyNames.h"
#include "campaign/Exec.h"
#include "campaign/Files.h"
#include "campaign/Outcome.h"
#include "cli/Diag.h"
#include "cli/Options.h"
#include "cli/Program.h"
#include "explore/MinimizeSchedule.h"
#include "results/Results.h"
#include "schedsan/schedsan_protocol.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <tuple>

namespace schedsan::run {

namespace {

// The scratch directory of the search under way: removed at exit too,
// when an error (fatal) ends schedsan in the middle of it.
std::string Scratch;
void removeScratch() {
  if (!Scratch.empty())
    removeTree(Scratch);
}

// What one replay did.
struct Trial {
  RunRecord Rec;
  std::string Output, TracePath;
  bool Diverged = false;
  uint64_t Preemptions = 0, Switches = 0, Steps = 0;
  std::vector<std::pair<uint64_t, unsigned>> Log; // verbosity=2
};

class Minimizer {
public:
  Minimizer(const MinimizeRequest &R, const Program &P, const Schedule &S)
      : Req(R), Prog(P), Seed(S.Seed), Strategy(S.Strategy),
        Dir(tempDir("schedsan-minimize")), Current(S) {
    static const bool AtExit = std::atexit(removeScratch) == 0;
    (void)AtExit;
    Scratch = Dir;
  }
  ~Minimizer() {
    removeTree(Dir);
    Scratch.clear();
  }

  // Replays the recorded schedule as every candidate will be: its run's
  // own schedule, signature and cost are where the search starts. False
  // (with Why) if it does not fail.
  bool start(std::string &Why) {
    std::string Path = Dir + "/input.trace";
    writeSchedule(Path, Current, Current.Decisions);
    Trial T = replay(Path, /*RunOn=*/true);
    Schedule S;
    if (!T.Rec.failed() || T.TracePath.empty() ||
        !readSchedule(T.TracePath, S)) {
      Why = T.Rec.failed() ? "its replay wrote no schedule"
                           : "its replay did not fail";
      return false;
    }
    Signature = T.Rec.signature();
    Current = S;
    Current.Switches = T.Log;
    Current.Steps = T.Steps;
    Preemptions = T.Preemptions;
    Switches = T.Switches;
    note("minimize: " + Signature + ": " + cost());
    return true;
  }

  // Replays the current schedule Times times as `schedsan replay` does;
  // how many followed it exactly and failed with the same signature.
  unsigned check(unsigned Times) {
    std::string Path = Dir + "/result.trace";
    writeSchedule(Path, Current, Current.Decisions);
    unsigned Alike = 0;
    for (unsigned I = 0; I != Times; ++I) {
      Trial T = replay(Path, /*RunOn=*/false);
      Alike += T.Rec.failed() && !T.Diverged && T.Rec.signature() == Signature;
    }
    return Alike;
  }

  const Schedule &current() const { return Current; }
  const std::string &signature() const { return Signature; }
  uint64_t preemptions() const { return Preemptions; }
  uint64_t switches() const { return Switches; }
  unsigned replays() const { return Replays; }

  // Delta debugging: remove chunks of 1/N of the decisions, N doubling
  // while nothing can go.
  void deltaDebug() {
    size_t N = 2;
    while (budgetLeft() && !Current.Decisions.empty()) {
      const std::vector<std::string> D = Current.Decisions;
      N = std::min(N, D.size());
      const size_t Chunk = (D.size() + N - 1) / N;
      bool Reduced = false;
      for (size_t Start = 0; Start < D.size() && budgetLeft(); Start += Chunk) {
        std::vector<std::string> Rest(D.begin(), D.begin() + Start);
        Rest.insert(Rest.end(), D.begin() + std::min(Start + Chunk, D.size()),
                    D.end());
        if (tryCandidate(Rest)) {
          Reduced = true;
          break;
        }
      }
      if (Reduced)
        N = std::max<size_t>(N - 1, 2);
      else if (N >= D.size())
        return;
      else
        N *= 2;
    }
  }

  // Each preemption (a switch to a thread other than the one that next
  // runs the preempted thread's work) removed by moving the preempted
  // thread's next segment up (pullForward), from the last one back,
  // until a whole pass removes nothing.
  void pullEach() {
    for (bool Changed = true; Changed && budgetLeft();) {
      Changed = false;
      for (size_t J = segments(Current).size(); J-- > 0 && budgetLeft();) {
        std::vector<std::string> Moved = pullForward(Current, J);
        if (!Moved.empty() && Moved != Current.Decisions)
          Changed |= tryCandidate(Moved);
      }
    }
  }

  // Each decision alone, from the last one back, until a whole pass
  // removes nothing.
  void removeEach() {
    for (bool Changed = true; Changed && budgetLeft();) {
      Changed = false;
      for (size_t I = Current.Decisions.size(); I-- > 0 && budgetLeft();) {
        if (I >= Current.Decisions.size())
          continue;
        std::vector<std::string> Rest = Current.Decisions;
        Rest.erase(Rest.begin() + I);
        Changed |= tryCandidate(Rest);
      }
    }
  }

private:
  std::string cost() const {
    return std::to_string(Preemptions) + " preemptions, " +
           std::to_string(Switches) + " switches, " +
           std::to_string(Current.Decisions.size()) + " decisions";
  }

  // Replays Trace; with RunOn, the non-preemptive continuation and a new
  // trace of what the run did.
  Trial replay(const std::string &Trace, bool RunOn) {
    std::vector<std::string> Parts = {environmentOptions(),
                                      "strategy=" + Strategy, "verbosity=1"};
    if (Req.Depth)
      Parts.push_back("depth=" + std::to_string(Req.Depth));
    Parts.insert(Parts.end(), Req.Options.begin(), Req.Options.end());
    Parts.push_back("replay=" + Trace);
    std::string RunTrace = Dir + "/run.trace";
    if (RunOn) {
      std::remove(RunTrace.c_str());
      Parts.insert(Parts.end(),
                   {"replay_then=run_on", "trace=" + RunTrace, "verbosity=2"});
    }
    Parts.push_back("seed=" + Seed);
    Spawn S;
    S.Path = Prog.Path;
    S.Argv = Prog.Argv;
    S.Env = environmentWithout({SCHEDSAN_ENV_OPTIONS, SCHEDSAN_ENV_FORKSERVER});
    S.Env.push_back(SCHEDSAN_ENV_OPTIONS "=" + joinOptions(Parts));
    Trial T;
    ProcessEnd E = runCaptured(S, Req.Timeout, T.Output);
    if (E.How == ProcessEnd::SpawnFailed)
      fatal("cannot start '" + S.Argv[0] + "': " + T.Output);
    if (E.How == ProcessEnd::Exited && E.Code == 2) {
      std::string Line = runtimeError(T.Output);
      if (Line.find(SCHEDSAN_REPORT_IN_OPTIONS) != std::string::npos)
        fatal("the program's runtime refused the options: " + Line);
    }
    classifyRun(E, T.Output, Req.Timeout, T.Rec, T.TracePath);
    T.Diverged =
        T.Output.find(SCHEDSAN_REPORT_WARNING SCHEDSAN_REPORT_REPLAY_OF) !=
        std::string::npos;
    T.Preemptions = number(summaryField(T.Output, E.Pid, "preemptions"));
    T.Switches = number(summaryField(T.Output, E.Pid, "switches"));
    T.Steps = number(summaryField(T.Output, E.Pid, SCHEDSAN_KEY_STEPS));
    T.Log = switchLog(T.Output, E.Pid);
    return T;
  }

  // Replays Decisions of Current as a candidate; true (and the run's own
  // schedule becomes Current) if it fails alike at a lower cost.
  bool tryCandidate(const std::vector<std::string> &Decisions) {
    std::string Path = Dir + "/candidate.trace";
    writeSchedule(Path, Current, Decisions);
    ++Replays;
    Trial T = replay(Path, /*RunOn=*/true);
    Schedule S;
    if (!T.Rec.failed() || T.Rec.signature() != Signature ||
        T.TracePath.empty() || !readSchedule(T.TracePath, S))
      return false;
    if (std::make_tuple(T.Preemptions, T.Switches, S.Decisions.size()) >=
        std::make_tuple(Preemptions, Switches, Current.Decisions.size()))
      return false;
    Current = S;
    Current.Switches = T.Log;
    Current.Steps = T.Steps;
    Preemptions = T.Preemptions;
    Switches = T.Switches;
    note("minimize: replay " + std::to_string(Replays) + ": " + cost());
    return true;
  }

  bool budgetLeft() const { return Replays < Req.MaxReplays; }

  static uint64_t number(const std::string &S) {
    return std::strtoull(S.c_str(), nullptr, 10);
  }

  const MinimizeRequest &Req;
  const Program &Prog;
  const std::string Seed, Strategy, Dir;
  Schedule Current;
  std::string Signature;
  uint64_t Preemptions = 0, Switches = 0;
  unsigned Replays = 0;
};

std::string defaultOutPath(const std::string &Trace) {
  const std::string Ext = ".trace";
  if (Trace.size() > Ext.size() &&
      Trace.compare(Trace.size() - Ext.size(), Ext.size(), Ext) == 0)
    return Trace.substr(0, Trace.size() - Ext.size()) + ".min.trace";
  return Trace + ".min.trace";
}

} // namespace

MinimizeResult minimizeTrace(const MinimizeRequest &R) {
  MinimizeResult M;
  M.OutPath = R.OutPath.empty() ? defaultOutPath(R.Trace) : R.OutPath;
  Schedule Input;
  if (!readSchedule(R.Trace, Input))
    fatal("cannot read trace '" + R.Trace + "'");
  uint64_t Unused;
  if (Input.Strategy.empty() || !parseDecimal(Input.Seed, Unused) ||
      !isStrategyName(Input.Strategy))
    fatal("'" + R.Trace +
          "' is not a schedsan trace (no valid '# strategy=... seed=...' "
          "header line)");
  Program P = findProgram(R.Command);
  Minimizer Min(R, P, Input);
  if (!Min.start(M.Why))
    return M;
  M.Failed = true;
  M.Signature = Min.signature();
  M.FromPreemptions = Min.preemptions();
  M.FromSwitches = Min.switches();
  Min.deltaDebug();
  Min.removeEach();
  Min.pullEach();
  M.ToPreemptions = Min.preemptions();
  M.ToSwitches = Min.switches();
  M.Replays = Min.replays();
  writeSchedule(M.OutPath, Min.current(), Min.current().Decisions);
  M.Checked = kChecks;
  M.Reproduced = Min.check(kChecks);
  return M;
}

std::string minimizeText(const MinimizeResult &M) {
  if (!M.Failed)
    return "not minimized: " + M.Why + "\n";
  std::ostringstream Out;
  Out << "minimized from " << M.FromPreemptions << " to " << M.ToPreemptions
      << " preemptions (" << M.FromSwitches << " to " << M.ToSwitches
      << " switches) in " << M.Replays << " replays: " << M.OutPath << "\n";
  Out << "the minimized trace replays " << M.Reproduced << "/" << M.Checked
      << (M.Reproduced == M.Checked
              ? " times with the same signature: "
              : " times with the same signature (NOT every time): ")
      << M.Signature << "\n";
  return Out.str();
}

void minimizeFailures(const Campaign &C) {
  const CampaignInfo &I = C.Info;
  size_t N = 0;
  for (const FailureGroup &G : C.Tot.Groups) {
    ++N;
    if (G.First.Trace.empty())
      continue;
    MinimizeRequest R;
    R.Trace = G.First.Trace;
    R.Command = I.Command;
    R.Depth = I.Depth;
    R.Options = replayOptions(I, G.First);
    R.Timeout = I.Timeout;
    std::string Text = minimizeText(minimizeTrace(R));
    std::printf("\nminimized failure %zu of %zu: %s\n", N, C.Tot.Groups.size(),
                G.Signature.c_str());
    for (size_t P = 0, E; P < Text.size(); P = E + 1) {
      E = Text.find('\n', P);
      std::printf("  %s\n", Text.substr(P, E - P).c_str());
    }
    std::fflush(stdout);
  }
}

int minimizeMain(const std::vector<std::string> &Args) {
  const MinimizeOptions O = parseMinimizeArgs(Args);
  MinimizeRequest R;
  R.Trace = O.Replay.Trace;
  R.OutPath = O.OutPath;
  R.Command = O.Replay.Command;
  R.Depth = O.Replay.Depth;
  R.Options = O.Replay.Options;
  R.Timeout = O.Replay.Timeout;
  R.MaxReplays = O.MaxReplays;
  MinimizeResult M = minimizeTrace(R);
  if (!M.Failed)
    fatal("cannot minimize '" + R.Trace + "': " + M.Why);
  std::fputs(minimizeText(M).c_str(), stdout);
  return M.Reproduced == M.Checked ? 0 : 1;
}

} // namespace schedsan::run
