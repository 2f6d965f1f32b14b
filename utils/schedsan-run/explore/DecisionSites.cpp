//===- DecisionSites.cpp - The memory sites a campaign decides at ---------===//
//
// FILE:
//    utils/schedsan-run/explore/DecisionSites.cpp
//
// DESCRIPTION:
//    See DecisionSites.h. The learning runs are exec'd (one launcher per
//    learning worker, like the calibration run of Calibrate.cpp), at most
//    Jobs at once; each writes its own shared_sites_file in the scratch
//    directory, read back when it ends.
//===----------------------------------------------------------------------===//
#include "explore/DecisionSites.h"
#include "campaign/Capture.h"
#include "campaign/Coordinator.h"
#include "campaign/Exec.h"
#include "campaign/Files.h"
#include "campaign/Outcome.h"
#include "cli/Diag.h"
#include "schedsan/schedsan_protocol.h"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace schedsan::run {

bool readSiteFile(const std::string &Path, std::set<uint32_t> &Ids,
                  std::string &Why) {
  std::ifstream In(Path);
  if (!In) {
    Why = "cannot read it";
    return false;
  }
  std::string Line;
  if (!std::getline(In, Line) || Line != SCHEDSAN_SHARED_SITES_HEADER) {
    Why = "not a site set (its first line is not '" +
          std::string(SCHEDSAN_SHARED_SITES_HEADER) + "')";
    return false;
  }
  for (unsigned Number = 2; std::getline(In, Line); ++Number) {
    if (!Line.empty() && Line[0] == '#')
      continue;
    uint64_t Id;
    if (!parseDecimal(Line, Id) || Id == 0 || Id >= (1u << 24)) {
      Why = "line " + std::to_string(Number) + " ('" + Line.substr(0, 32) +
            "') is not a site id";
      return false;
    }
    Ids.insert((uint32_t)Id);
  }
  return true;
}

namespace {

// The learning prefix: its runs, their union, the binary's site count.
class Learner {
public:
  Learner(const Program &Prog, const std::vector<std::string> &Env,
          const std::string &UserOptions, const std::string &OutDir,
          const std::string &Scratch, const std::string &TraceDir,
          const RunOptions &O)
      : Prog(Prog), Env(Env), OutDir(OutDir), Scratch(Scratch),
        TraceDir(TraceDir), O(O) {
    Base = joinOptions({UserOptions, "strategy=random", "verbosity=1",
                        TraceDir.empty() ? "" : "trace_dir=" + TraceDir});
  }

  void run(unsigned Jobs) {
    std::vector<std::thread> Threads;
    for (unsigned W = 0; W != Jobs; ++W)
      Threads.emplace_back([this, W] { worker(W); });
    for (std::thread &T : Threads)
      T.join();
    for (const auto &[Seed, Text] : Failed) // in seed order, whatever -j
      note(Text);
  }

  std::set<uint32_t> Union;
  uint64_t Total = 0;
  std::map<uint64_t, std::string> Failed; // seed: what failed, where kept
  unsigned Done = 0;                      // runs that ended (not cancelled)

private:
  void worker(unsigned W) {
    const std::string File = Scratch + "/shared-sites-" + std::to_string(W);
    ExecLauncher L(Prog.Path, Prog.Argv, Env,
                   joinOptions({Base, "shared_sites_file=" + File}));
    Capture Out;
    if (!Out.open())
      fatal("pipe: " + lastError());
    Interrupt Intr; // Ctrl-C or SIGTERM: the learning stops, the set is
    Intr.Fd = addWakePipe(); // what the runs so far saw
    Intr.Requested = [] { return Interrupted.load(); };
    for (uint64_t J; !Interrupted && (J = Next.fetch_add(1)) < O.LearnRuns;) {
      RunSpec Spec;
      Spec.Seed = O.SeedBase + J;
      Spec.Out = &Out;
      Out.reset();
      unlink(File.c_str());
      ProcessEnd E = L.run(Spec, O.Timeout, Intr);
      if (E.How == ProcessEnd::SpawnFailed)
        fatal("cannot start '" + Prog.Argv[0] + "'");
      if (E.How == ProcessEnd::Cancelled) {
        if (std::string T = traceOf(TraceDir, E.Pid); !T.empty())
          unlink(T.c_str());
        break;
      }
      finish(Spec.Seed, E, Out.err(), File);
    }
  }

  void finish(uint64_t Seed, const ProcessEnd &E, const std::string &Err,
              const std::string &File) {
    RunRecord R;
    std::string Trace;
    classifyRun(E, Err, O.Timeout, R, Trace);
    if (Trace.empty() && R.failed())
      Trace = traceOf(TraceDir, E.Pid);
    std::set<uint32_t> Ids;
    std::string Why;
    readSiteFile(File, Ids, Why); // a run killed before its end wrote none
    std::string Of = sitesOf(Err, E.Pid);
    std::lock_guard<std::mutex> Lock(M);
    ++Done;
    Union.insert(Ids.begin(), Ids.end());
    if (!Of.empty())
      Total = std::max<uint64_t>(Total, std::stoull(Of));
    if (!R.failed()) {
      if (!Trace.empty())
        unlink(Trace.c_str());
      return;
    }
    Failed[Seed] = keepFailure(Seed, R, Err, Trace);
  }

  // The M of the run's "shared sites: N of M" line ("" if none).
  static std::string sitesOf(const std::string &Err, int Pid) {
    std::string Tag =
        "==" + std::to_string(Pid) + "==" SCHEDSAN_SHARED_SITES_TAG;
    size_t P = Err.rfind(Tag);
    if (P == std::string::npos)
      return "";
    P = Err.find(" of ", P + Tag.size());
    size_t End = Err.find_first_not_of("0123456789", P + 4);
    if (P == std::string::npos || End == P + 4 || End - P - 4 > 9)
      return "";
    return Err.substr(P + 4, End - P - 4);
  }

  std::string keepFailure(uint64_t Seed, const RunRecord &R, std::string Err,
                          const std::string &Trace) {
    const std::string Keep = OutDir + "/learn-seed-" + std::to_string(Seed);
    if (!Trace.empty() && moveFile(Trace, Keep + ".trace"))
      replaceAll(Err, Trace, Keep + ".trace");
    writeOutput(Keep + ".stderr", Err, 0);
    std::string Replay;
    std::istringstream Lines(Err);
    for (std::string Line; std::getline(Lines, Line);)
      if (size_t P = Line.find("==Replay: "); P != std::string::npos)
        Replay = Line.substr(P + 10);
    return "learning run seed " + std::to_string(Seed) +
           " (strategy=random, every access a decision) failed: " +
           R.signature() + "; its report: " + Keep + ".stderr" +
           (Replay.empty() ? "" : "; replay: " + Replay);
  }

  const Program &Prog;
  const std::vector<std::string> &Env;
  const std::string &OutDir, &Scratch, &TraceDir;
  const RunOptions &O;
  std::string Base;
  std::atomic<uint64_t> Next{0};
  std::mutex M;
};

void writeSiteFile(const std::string &Path, const std::set<uint32_t> &Ids) {
  std::string Text = SCHEDSAN_SHARED_SITES_HEADER "\n";
  for (uint32_t Id : Ids)
    Text += std::to_string(Id) + "\n";
  if (!writeOutput(Path, Text, 0))
    fatal("cannot write " + Path + ": " + lastError());
}

} // namespace

SiteSet decisionSites(const Program &Prog, const std::vector<std::string> &Env,
                      const std::string &UserOptions, const std::string &OutDir,
                      const std::string &Scratch, const std::string &TraceDir,
                      const RunOptions &O, unsigned Jobs) {
  SiteSet S;
  if (O.DecisionSites == "all")
    return S;
  if (!Prog.HasSharedSites)
    fatal("--decision-sites=" + O.DecisionSites + ": the runtime of '" +
          O.Command[0] +
          "' has no decision_sites option: rebuild it with this schedsan");
  if (O.DecisionSites != "shared") {
    std::set<uint32_t> Ids;
    std::string Why;
    if (!readSiteFile(O.DecisionSites, Ids, Why))
      fatal("--decision-sites=" + O.DecisionSites + ": " + Why);
    S.Path = absolutePath(O.DecisionSites);
    S.Ids = std::move(Ids);
    return S;
  }
  Learner L(Prog, Env, UserOptions, OutDir, Scratch, TraceDir, O);
  L.run((unsigned)std::min<uint64_t>(std::max(Jobs, 1u), O.LearnRuns));
  S.Path = OutDir + "/decision-sites";
  writeSiteFile(S.Path, L.Union);
  S.Ids = L.Union;
  S.Total = L.Total;
  S.LearnRuns = L.Done;
  S.LearnFailures = L.Failed.size();
  note("decision sites: " + std::to_string(S.Ids.size()) + " of " +
       (S.Total ? std::to_string(S.Total) : std::string("?")) +
       " sites kept as decisions (shared in " + std::to_string(L.Done) +
       " learning runs, seeds " + std::to_string(O.SeedBase) + ".." +
       std::to_string(O.SeedBase + O.LearnRuns - 1) +
       (L.Done < O.LearnRuns ? ", interrupted" : "") + "): " + S.Path);
  return S;
}

} // namespace schedsan::run
