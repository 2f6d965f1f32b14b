//===- Replay.cpp - schedsan replay ---------------------------------------===//
//
// FILE:
//    utils/schedsan-run/replay/Replay.cpp
//
// DESCRIPTION:
//    See Replay.h. The run's stderr passes through a pipe: it is copied to
//    ours as it comes, and read for the runtime's divergence warning and
//    for the report (Outcome.h decides, as for a campaign's runs, whether
//    the run failed).
//===----------------------------------------------------------------------===//
#include "replay/Replay.h"
#include "StrategyNames.h"
#include "campaign/Exec.h"
#include "campaign/Files.h"
#include "campaign/Outcome.h"
#include "cli/Diag.h"
#include "cli/Options.h"
#include "cli/Program.h"
#include "replay/Timeline.h"
#include "results/Results.h"
#include "schedsan/schedsan_protocol.h"

#include <cerrno>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

namespace schedsan::run {

namespace {

struct TraceHeader {
  std::string Strategy;
  uint64_t Seed = 0;
  bool Replayable = true;
};

TraceHeader readHeader(const std::string &Path) {
  std::ifstream In(Path);
  if (!In)
    fatal("cannot read trace '" + Path + "'");
  TraceHeader H;
  std::string Line, Seed;
  while (std::getline(In, Line) && !Line.empty() && Line[0] == '#') {
    std::string Body = Line.substr(1);
    if (!lineField(Body, SCHEDSAN_KEY_STRATEGY).empty()) {
      H.Strategy = lineField(Body, SCHEDSAN_KEY_STRATEGY);
      Seed = lineField(Body, SCHEDSAN_KEY_SEED);
      H.Replayable = lineField(Body, SCHEDSAN_KEY_REPLAYABLE) != "0";
    }
  }
  if (In.bad())
    fatal("cannot read trace '" + Path + "': " + lastError());
  if (H.Strategy.empty() || Seed.empty())
    fatal("'" + Path +
          "' is not a schedsan trace (no '# strategy=... "
          "seed=...' header line)");
  if (!parseDecimal(Seed, H.Seed))
    fatal("trace '" + Path + "' has a malformed header: seed '" + Seed +
          "' is not a decimal number below 2^64");
  if (!isStrategyName(H.Strategy))
    fatal("trace '" + Path + "' has a malformed header: unknown strategy '" +
          H.Strategy + "' (accepted: " + strategyNameList() + ")");
  return H;
}

// A path the runtime can take in SCHEDSAN_OPTIONS (where ':' separates
// options): Trace itself, or a link to it in a new directory (Dir).
std::string optionSafePath(const std::string &Trace, std::string &Dir) {
  if (Trace.find(':') == std::string::npos)
    return Trace;
  Dir = tempDir("schedsan-replay");
  std::string Link = Dir + "/trace";
  if (symlink(absolutePath(Trace).c_str(), Link.c_str()) != 0)
    fatal("cannot link trace '" + Trace + "' into " + Dir + ": " + lastError());
  return Link;
}

struct Replayed {
  ProcessEnd End;
  std::string Stderr; // its last MiB
  bool Diverged = false;
};

// Runs S with its stderr through a pipe, copied to ours as it comes. A run
// still going after Timeout seconds (0: no limit) gets SIGABRT, then
// SIGKILL kTimeoutGrace later, as in schedsan run.
Replayed runTeed(Spawn S, double Timeout) {
  Replayed R;
  int Pipe[2];
  if (pipe2(Pipe, O_CLOEXEC) != 0)
    fatal("pipe: " + lastError());
  S.Dup2 = {{Pipe[1], 2}};
  std::string Error;
  pid_t Pid = spawnProcess(S, Error);
  close(Pipe[1]);
  if (Pid < 0) {
    close(Pipe[0]);
    fatal("cannot start '" + S.Argv[0] + "': " + Error);
  }
  const double Start = now();
  char Buf[4096];
  int Signals = 0; // sent: 1 SIGABRT, 2 SIGKILL
  for (;;) {
    if (Timeout > 0) {
      const double Due =
          Start + Timeout + (Signals ? kTimeoutGrace : 0) - now();
      pollfd P = {Pipe[0], POLLIN, 0};
      int Ready =
          Signals == 2 ? 1 : poll(&P, 1, Due > 0 ? (int)(Due * 1000) + 1 : 0);
      if (Ready < 0 && errno == EINTR)
        continue;
      if (Ready == 0) {
        if (!Signals) {
          char Secs[32];
          snprintf(Secs, sizeof(Secs), "%g", Timeout);
          note(std::string("the replay is still going after ") + Secs +
               " s: sending SIGABRT (--timeout)");
        }
        if (Signals)
          kill(Pid, SIGKILL);
        else
          abortAtTimeout(Pid);
        ++Signals;
        continue;
      }
    }
    ssize_t N = read(Pipe[0], Buf, sizeof(Buf));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    for (ssize_t Done = 0; Done < N;) {
      ssize_t W = write(2, Buf + Done, N - Done);
      if (W <= 0)
        break;
      Done += W;
    }
    R.Stderr.append(Buf, N);
    if (R.Stderr.size() > 2 * Capture::Limit)
      R.Stderr.erase(0, R.Stderr.size() - Capture::Limit);
  }
  close(Pipe[0]);
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  R.End.Pid = Pid;
  R.End.Seconds = now() - Start;
  if (Signals) { // stopped by --timeout, whatever the report said
    R.End.How = ProcessEnd::TimedOut;
  } else if (WIFSIGNALED(Status)) {
    R.End.How = ProcessEnd::Signaled;
    R.End.Signal = WTERMSIG(Status);
  } else {
    R.End.How = ProcessEnd::Exited;
    R.End.Code = WEXITSTATUS(Status);
  }
  R.Diverged =
      R.Stderr.find(SCHEDSAN_REPORT_WARNING SCHEDSAN_REPORT_REPLAY_OF) !=
          std::string::npos &&
      R.Stderr.find(SCHEDSAN_REPORT_DIVERGED) != std::string::npos;
  return R;
}

} // namespace

int replayMain(const std::vector<std::string> &Args) {
  return replayTrace(parseReplayArgs(Args));
}

int replayTrace(const ReplayOptions &O) {
  TraceHeader H = readHeader(O.Trace);
  Program P = findProgram(O.Command);
  if (!H.Replayable)
    warning("the recorded run was not exactly replayable (the watchdog "
            "released a blocked thread): the replay may diverge");
  std::string LinkDir;
  std::string Trace = optionSafePath(O.Trace, LinkDir);
  std::vector<std::string> Parts = {environmentOptions(),
                                    "strategy=" + H.Strategy};
  if (O.Depth)
    Parts.push_back("depth=" + std::to_string(O.Depth));
  Parts.insert(Parts.end(), O.Options.begin(), O.Options.end());
  const std::vector<std::string> Env =
      environmentWithout({SCHEDSAN_ENV_OPTIONS, SCHEDSAN_ENV_FORKSERVER});
  probeRuntime(P, Env, joinOptions(Parts)); // refused options: exit 2
  Parts.push_back("replay=" + Trace);
  // The replayed run's own trace (written when it diverged) goes beside
  // the one replayed, not into the current directory.
  if (P.HasTraceDir) {
    std::string Abs = absolutePath(O.Trace);
    std::string Dir = Abs.substr(0, Abs.rfind('/'));
    if (!Dir.empty() && Dir.find(':') == std::string::npos)
      Parts.push_back("trace_dir=" + Dir);
  }
  const bool Draw = !O.TimelinePath.empty() || !O.ChromeTracePath.empty();
  std::string EventsDir = Draw ? tempDir("schedsan-events") : "";
  if (Draw)
    Parts.push_back("events=" + EventsDir + "/events");
  std::string Options =
      joinOptions({joinOptions(Parts), "seed=" + std::to_string(H.Seed)});
  note(SCHEDSAN_ENV_OPTIONS "=" + shellQuote(Options) + " " +
       shellJoin(O.Command) +
       (LinkDir.empty() ? ""
                        : "  (" + Trace +
                              " links to the trace: its "
                              "path has ':')"));

  Spawn S;
  S.Path = P.Path;
  S.Argv = P.Argv;
  S.Env = Env;
  S.Env.push_back(SCHEDSAN_ENV_OPTIONS "=" + Options);
  Replayed R = runTeed(S, O.Timeout);
  if (!LinkDir.empty())
    removeTree(LinkDir);

  if (R.End.How == ProcessEnd::Exited && R.End.Code == 2) {
    std::string Line = runtimeError(R.Stderr);
    if (Line.find(SCHEDSAN_REPORT_IN_OPTIONS) != std::string::npos)
      fatal("the program's runtime refused the options: " + Line);
  }
  RunRecord Rec;
  std::string Unused;
  classifyRun(R.End, R.Stderr, O.Timeout, Rec, Unused);
  std::string How = R.Diverged
                        ? " (the schedule was NOT followed exactly: the run "
                          "diverged from the trace, see the warning above)"
                        : " (the schedule was followed exactly)";
  const std::string Ending =
      R.End.How == ProcessEnd::TimedOut
          ? Rec.signature() // "timeout (killed after N s)"
          : describe(R.End) + (Rec.Kind.empty() ? "" : ": " + Rec.signature());
  note(Rec.failed() ? "the replayed run failed (" + Ending + ")" + How
                    : "the replayed run did not fail: the bug was not "
                      "reproduced" +
                          How);
  if (Draw) {
    Timeline T = readTimeline(EventsDir + "/events", R.Stderr,
                              Rec.failed() ? Rec.signature() : "",
                              shellJoin(O.Command) + " (" + O.Trace + ")");
    removeTree(EventsDir);
    if (!O.TimelinePath.empty() && !writeTimelineHtml(T, O.TimelinePath))
      fatal("cannot write timeline '" + O.TimelinePath + "': " + lastError());
    if (!O.ChromeTracePath.empty() && !writeChromeTrace(T, O.ChromeTracePath))
      fatal("cannot write Chrome trace '" + O.ChromeTracePath +
            "': " + lastError());
    for (const std::string &P : {O.TimelinePath, O.ChromeTracePath})
      if (!P.empty())
        note("wrote " + P + " (" + std::to_string(T.Steps.size()) +
             " events, " + std::to_string(T.Threads.size()) + " threads)");
  }
  return Rec.failed() ? 1 : 0;
}

void drawCampaignTimelines(const RunOptions &O, const Totals &T) {
  makeDirs(O.TimelineDir);
  for (const FailureGroup &G : T.Groups) {
    const RunRecord &F = G.First;
    if (F.Trace.empty())
      continue;
    ReplayOptions R;
    R.Trace = F.Trace;
    R.Depth = O.Depth;
    R.Timeout = O.Timeout;
    R.Options = O.Options;
    const std::vector<std::string> Own = runOwnOptions(F); // rff's
    R.Options.insert(R.Options.end(), Own.begin(), Own.end());
    R.Command = O.Command;
    std::string Base = O.TimelineDir + "/seed-" + std::to_string(F.Seed);
    R.TimelinePath = Base + ".html";
    R.ChromeTracePath = Base + ".json";
    note("drawing the schedule of seed " + std::to_string(F.Seed) + " (" +
         F.signature() + ")");
    replayTrace(R);
  }
}

} // namespace schedsan::run
