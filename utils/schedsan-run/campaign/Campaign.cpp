//===- Campaign.cpp - Run a program under many seeds ----------------------===//
//
// FILE:
//    utils/schedsan-run/campaign/Campaign.cpp
//
// DESCRIPTION:
//    See Campaign.h. Sections: 1. set-up helpers; 2. a worker (its
//    launcher, the end of each run); 3. the campaign (set-up, workers,
//    progress line, clean-up). The seed counter and stopping are in
//    Coordinator.h, directories and files in Files.h.
//===----------------------------------------------------------------------===//
#include "campaign/Campaign.h"
#include "campaign/Calibrate.h"
#include "campaign/Coordinator.h"
#include "campaign/Exec.h"
#include "campaign/Files.h"
#include "campaign/ForkServer.h"
#include "campaign/Keeper.h"
#include "campaign/Outcome.h"
#include "campaign/TestList.h"
#include "cli/Diag.h"
#include "cli/Program.h"
#include "explore/DecisionSites.h"
#include "explore/Portfolio.h"
#include "explore/RffCorpus.h"
#include "explore/Search.h"
#include "results/ResultsJson.h"
#include "schedsan/schedsan_protocol.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace schedsan::run {

uint64_t shardRuns(uint64_t Runs, unsigned Index, unsigned Count) {
  return Runs > Index ? (Runs - Index + Count - 1) / Count : 0;
}

namespace {

//===----------------------------------------------------------------------===//
// 1. Set-up
//===----------------------------------------------------------------------===//

// --strategy rff (or a program built with it): the campaign's corpus; none
// with -o rf_constraints=, no warm-up with rf_base= among UserOptions.
std::unique_ptr<RffCorpus> rffCorpus(const RunOptions &O, const Program &P,
                                     const std::string &UserOptions) {
  if (!runsStrategy(O, StrategyId::rff))
    return nullptr;
  if (!P.HasRf)
    fatal("--strategy rff: the runtime of '" + O.Command[0] +
          "' records no reads-from pairs (no rf_file option): rebuild it "
          "with this schedsan");
  // Constraints of the user's own: every run keeps to them, nothing is
  // learned (benchmarks/trust/rff.sh).
  if (!optionValue(O.Options, "rf_constraints").empty())
    return nullptr;
  return std::make_unique<RffCorpus>(
      optionValue(splitOptions(UserOptions), "rf_base").empty());
}

//===----------------------------------------------------------------------===//
// 2. A worker
//===----------------------------------------------------------------------===//

struct Setup {
  const RunOptions *Opts;
  Program Prog;
  std::vector<std::string> Env;
  std::string UserOptions; // environment's + requested runtime options
  std::string OutDir, Scratch, TraceDir; // TraceDir: "" if not supported
  std::vector<int> Cpus;
  bool UserCpu = false, UserVerbosity = false;
  uint64_t Count = 0;    // seeds of this shard
  uint64_t K = 0;        // PCT's k for every run (0: not set by the runner)
  bool Coverage = false; // every run writes its event pairs (Coverage.h)
  std::atomic<unsigned> FellBack{0};
  std::atomic<bool> FallbackNoted{false};
  std::unique_ptr<Keeper> Kept;
  std::unique_ptr<Searcher> Search; // a search: one worker, run by run
  std::unique_ptr<RffCorpus> Rff;   // --strategy rff: the corpus
  bool RffRuns = false;             // --strategy rff, with a corpus or not
};

uint64_t seedOf(const RunOptions &O, uint64_t J) {
  return O.SeedBase + O.ShardIndex + J * O.ShardCount;
}

class Worker {
public:
  Worker(Setup &S, Coordinator &C, unsigned Index) : S(S), C(C) {
    if (S.Coverage)
      CoveragePath = S.Scratch + "/coverage-" + std::to_string(Index);
    if (S.Rff)
      RfPath = S.Scratch + "/rf-" + std::to_string(Index);
    if (!Out.open())
      fatal("pipe: " + lastError());
    Cpu = S.UserCpu ? -1 : S.Cpus[Index % S.Cpus.size()];
    // cpu= in the base options: the fork server pins itself there too, so
    // the fork and the server's wake-ups happen on the worker's CPU.
    Base = joinOptions({S.UserOptions, S.UserVerbosity ? "" : "verbosity=1",
                        S.K ? "k=" + std::to_string(S.K) : "",
                        S.TraceDir.empty() ? "" : "trace_dir=" + S.TraceDir,
                        Cpu < 0 ? "" : "cpu=" + std::to_string(Cpu),
                        S.Search ? "search_file=" + S.Scratch + "/search" : "",
                        S.Coverage ? "coverage_file=" + CoveragePath : "",
                        S.Rff ? "rf_file=" + RfPath : ""});
    WakeFd = addWakePipe();
  }

  void operator()() {
    // The worker thread runs on its runs' CPU as well: every hand-off of a
    // run (request, fork, exit, reply) then wakes a task on the CPU that is
    // already awake, never an idle one (benchmarks/RESULTS.md, "Runner
    // throughput"). Best effort.
    if (Cpu >= 0)
      pinThisThread(Cpu);
    startLauncher();
    Interrupt Intr;
    Intr.Fd = WakeFd;
    uint64_t J = 0;
    Intr.Requested = [&] { return C.shouldCancel(J); };
    unsigned Restarts = 0;
    while (C.next(J)) {
      RunSpec Spec;
      Spec.Seed = seedOf(*S.Opts, J);
      if (runsStrategy(*S.Opts, StrategyId::portfolio))
        Spec.Options = portfolioMember(Spec.Seed).Options;
      if (S.Rff) { // the corpus as it is now (RffCorpus.h)
        Spec.Options = S.Rff->runOptions(J, Spec.Seed, &Constraints);
        unlink(RfPath.c_str());
      }
      SeedOptions.clear();
      if (S.RffRuns) { // its seed's options (RffCorpus.h)
        SeedOptions = rffSeedOptions(
            Spec.Seed, joinOptions({S.UserOptions, Spec.Options}));
        Spec.Options = joinOptions({Spec.Options, joinOptions(SeedOptions)});
      }
      Spec.Out = &Out;
      Out.reset();
      if (S.Coverage) // a run that ends before its runtime starts: no pairs
        unlink(CoveragePath.c_str());
      if (S.Search)
        S.Search->beforeRun();
      ProcessEnd E = L->run(Spec, S.Opts->Timeout, Intr);
      while (E.How == ProcessEnd::Lost) {
        // The fork server died or keeps losing its runs: start it again
        // (thrice at most), then fall back to exec, and run the same seed
        // again.
        std::string Why = "its fork server stopped answering";
        if (++Restarts > 3 || !restartServer(Why))
          fallBack(Why);
        if (S.Search)
          S.Search->beforeRun();
        E = L->run(Spec, S.Opts->Timeout, Intr);
      }
      if (E.How == ProcessEnd::SpawnFailed) {
        C.fail("cannot start '" + S.Prog.Argv[0] + "' any more");
        break;
      }
      if (E.How == ProcessEnd::Cancelled || Interrupted) {
        // Dropped: a later seed than the first bug, or Ctrl-C.
        if (std::string T = traceOf(S.TraceDir, E.Pid); !T.empty())
          unlink(T.c_str());
        continue;
      }
      if (refusedOptions(E, Out.err()))
        break;
      if (S.Search)
        S.Search->afterRun(Out.err());
      C.complete(J, finish(Spec.Seed, E, Out.err()));
      if (S.Search && S.Search->complete())
        break;
    }
    L.reset(); // ends the fork server
    C.workerDone();
  }

private:
  void startLauncher() {
    if (S.Opts->ForkServer && S.Prog.HasForkServer) {
      auto F = std::make_unique<ForkServerLauncher>(S.Prog.Path, S.Prog.Argv,
                                                    S.Env, Base, Out);
      std::string Why;
      if (F->start(2.0, Why)) {
        L = std::move(F);
        Server = true;
        return;
      }
      // Why: "... (<the server's first line on stderr>)".
      std::string Error = runtimeError(Why);
      if (Error.find(SCHEDSAN_REPORT_IN_OPTIONS) != std::string::npos) {
        C.fail("the program's runtime refused the options: " +
               Error.substr(0, Error.rfind(')')));
        L = std::make_unique<ExecLauncher>(S.Prog.Path, S.Prog.Argv, S.Env,
                                           Base); // unused: the campaign stops
        return;
      }
      fallBack(Why);
      return;
    }
    L = std::make_unique<ExecLauncher>(S.Prog.Path, S.Prog.Argv, S.Env, Base);
  }

  // False with Why set (if known) if the server cannot serve again.
  bool restartServer(std::string &Why) {
    auto *F = static_cast<ForkServerLauncher *>(L.get());
    return Server && F->start(2.0, Why);
  }

  void fallBack(const std::string &Why) {
    if (!S.FallbackNoted.exchange(true))
      note("'" + S.Prog.Argv[0] + "' cannot serve runs by fork (" + Why +
           "): one exec per run instead");
    S.FellBack.fetch_add(1);
    Server = false;
    L = std::make_unique<ExecLauncher>(S.Prog.Path, S.Prog.Argv, S.Env, Base);
  }

  // A run the runtime refused to start because of its options (range
  // checks that help=1 does not make): every run would, so stop.
  bool refusedOptions(const ProcessEnd &E, const std::string &Err) {
    if (E.How != ProcessEnd::Exited || E.Code != 2)
      return false;
    std::string Line = runtimeError(Err);
    if (Line.find(SCHEDSAN_REPORT_IN_OPTIONS) == std::string::npos)
      return false;
    C.fail("the program's runtime refused the options: " + Line);
    return true;
  }

  RunRecord finish(uint64_t Seed, const ProcessEnd &E, const std::string &Err) {
    RunRecord R;
    R.Seed = Seed;
    if (runsStrategy(*S.Opts, StrategyId::portfolio))
      R.Member = portfolioMember(Seed).Label;
    R.SeedOptions = SeedOptions;
    std::string Trace;
    classifyRun(E, Err, S.Opts->Timeout, R, Trace);
    frameworkSignature(S.Opts->Framework, Out.out(), R);
    if (S.Coverage)
      R.Pairs = readCoverageFile(CoveragePath);
    if (S.Rff) {
      R.Constraints = Constraints;
      R.Rf = readRfFile(RfPath, constraintCount(Constraints));
    }
    if (Trace.empty() && R.failed()) // no report: exit status, a signal
      Trace = traceOf(S.TraceDir, E.Pid);
    if (!R.failed()) {
      if (!Trace.empty())
        unlink(Trace.c_str());
      return R;
    }
    uint64_t Evicted;
    if (!S.Kept->admit(R.signature(), Seed, Evicted)) {
      if (!Trace.empty())
        unlink(Trace.c_str());
      return R;
    }
    if (Evicted)
      for (const char *Ext : {".stdout", ".stderr", ".trace"})
        unlink((S.OutDir + "/seed-" + std::to_string(Evicted) + Ext).c_str());
    std::string Keep = S.OutDir + "/seed-" + std::to_string(Seed);
    std::string ErrText = Err;
    if (!Trace.empty() && moveFile(Trace, Keep + ".trace")) {
      R.Trace = Keep + ".trace";
      replaceAll(ErrText, Trace, R.Trace);
    }
    if (writeOutput(Keep + ".stdout", Out.out(), Out.outDropped()))
      R.StdoutPath = Keep + ".stdout";
    if ((!ErrText.empty() || Out.errDropped()) && // no empty report
        writeOutput(Keep + ".stderr", ErrText, Out.errDropped()))
      R.StderrPath = Keep + ".stderr";
    return R;
  }

  Setup &S;
  Coordinator &C;
  Capture Out;
  std::string Base;
  int WakeFd = -1;
  std::unique_ptr<Launcher> L;
  std::string CoveragePath;             // the runs' coverage_file ("": none)
  std::string RfPath;                   // the runs' rf_file ("": not rff)
  std::string Constraints;              // rff: the current run's rf_constraints
  std::vector<std::string> SeedOptions; // rff: the run's (rffSeedOptions)
  int Cpu = -1; // the CPU of this worker's runs (-1: the user chose)
  bool Server = false;
};

//===----------------------------------------------------------------------===//
// 3. The campaign
//===----------------------------------------------------------------------===//

std::string progressLine(uint64_t Done, uint64_t Total, uint64_t Failures,
                         double Elapsed) {
  double Rate = Elapsed > 0 ? Done / Elapsed : 0;
  char Buf[160];
  std::string Eta = "?";
  if (Rate > 0) {
    uint64_t Left = (uint64_t)((Total - Done) / Rate);
    char E[32];
    std::snprintf(E, sizeof(E), "%llu:%02llu", (unsigned long long)Left / 60,
                  (unsigned long long)Left % 60);
    Eta = E;
  }
  std::snprintf(Buf, sizeof(Buf),
                "schedsan: %llu/%llu runs, %.0f runs/s, %llu failure%s, ETA %s",
                (unsigned long long)Done, (unsigned long long)Total, Rate,
                (unsigned long long)Failures, Failures == 1 ? "" : "s",
                Eta.c_str());
  return Buf;
}

} // namespace

Campaign runCampaign(const RunOptions &Asked, const std::string &Self,
                     ResultsFile *Json) {
  RunOptions O = Asked;
  Setup S;
  S.Opts = &O;
  S.Prog = findProgram(O.Command);
  S.Env = environmentWithout({SCHEDSAN_ENV_OPTIONS, SCHEDSAN_ENV_FORKSERVER});
  const std::string EnvOptions = environmentOptions();
  resolveStrategy(O, S.Prog, EnvOptions); // O.Effective from here on
  std::vector<std::string> Requested = {EnvOptions};
  // A strategy run as others (the portfolio) is PCT for the checks and k;
  // each run then says its own.
  if (O.Strategy)
    Requested.push_back("strategy=" +
                        std::string(O.Strategy->has(RunnerOnly)
                                        ? strategyInfo(StrategyId::pct).name
                                        : O.Strategy->name));
  if (O.Depth)
    Requested.push_back("depth=" + std::to_string(O.Depth));
  Requested.insert(Requested.end(), O.Options.begin(), O.Options.end());
  S.UserOptions = joinOptions(Requested);
  S.UserCpu = !optionValue(O.Options, "cpu").empty();
  S.UserVerbosity = !optionValue(O.Options, "verbosity").empty();
  probeRuntime(S.Prog, S.Env, S.UserOptions);
  S.Rff = rffCorpus(O, S.Prog, S.UserOptions);
  S.RffRuns = runsStrategy(O, StrategyId::rff);
  S.Coverage = O.Coverage && S.Prog.HasCoverage;
  if (O.UntilSaturated && !S.Coverage)
    fatal("--until-saturated: the runtime of '" + O.Command[0] +
          "' records no event pairs (no coverage_file option): rebuild it "
          "with this schedsan");
  if (O.ForkServer && !S.Prog.HasForkServer)
    note("'" + O.Command[0] +
         "' has a runtime without the fork server: one "
         "exec per run");

  bool OutIsTemp = O.OutDir.empty();
  if (OutIsTemp) {
    S.OutDir = tempDir("schedsan-run");
  } else {
    makeDirs(O.OutDir);
    S.OutDir = absolutePath(O.OutDir);
  }
  S.Scratch = scratchDir();
  if (S.Prog.HasTraceDir) {
    S.TraceDir = S.Scratch + "/traces";
    mkdir(S.TraceDir.c_str(), 0755);
  }
  // The site set first: PCT's k then counts the decisions it leaves. An
  // interrupt from here on ends the campaign with the runs it made.
  installInterruptHandlers();
  const SiteSet Sites =
      decisionSites(S.Prog, S.Env, S.UserOptions, S.OutDir, S.Scratch,
                    S.TraceDir, O, O.Jobs ? O.Jobs : availableCpus().size());
  std::vector<std::string> Options = environmentOptionList(EnvOptions, O);
  Options.insert(Options.end(), O.Options.begin(), O.Options.end());
  if (!Sites.Path.empty()) {
    Options.push_back("decision_sites=" + Sites.Path);
    S.UserOptions = joinOptions({S.UserOptions, Options.back()});
  }
  S.K = calibrateK(S.Prog, S.Env, S.UserOptions, S.TraceDir, O);

  S.Kept = std::make_unique<Keeper>(O.Keep);
  S.Cpus = availableCpus();
  S.Count = shardRuns(O.Runs, O.ShardIndex, O.ShardCount);
  unsigned Jobs = O.Jobs ? O.Jobs : (unsigned)S.Cpus.size();
  if (isSearch(O)) {
    if (O.Jobs > 1)
      note("a search runs one schedule at a time: -j " +
           std::to_string(O.Jobs) + " is ignored");
    Jobs = 1;
    S.Search = std::make_unique<Searcher>(S.Scratch + "/search");
  }
  Jobs = (unsigned)std::min<uint64_t>(Jobs, std::max<uint64_t>(S.Count, 1));
  Jobs = std::min(Jobs, 1000u);

  Campaign Result;
  Result.Cov.Enabled = S.Coverage;
  CampaignInfo &I = Result.Info;
  I.Command = O.Command;
  I.Strategy = O.Strategy ? O.Strategy->name : "";
  I.Effective = O.Effective;
  I.Depth = O.Depth;
  I.K = S.K;
  I.Options = Options;
  I.SitesFiltered = !Sites.Path.empty();
  I.SiteIds.assign(Sites.Ids.begin(), Sites.Ids.end());
  I.SitesTotal = Sites.Total;
  I.LearnRuns = Sites.LearnRuns;
  I.LearnFailures = Sites.LearnFailures;
  I.SeedBase = O.SeedBase;
  I.Runs = O.Runs;
  I.ShardCount = O.ShardCount;
  I.Shards = {O.ShardIndex};
  I.UntilBug = O.UntilBug;
  I.UntilSaturated = O.UntilSaturated;
  I.Timeout = O.Timeout;
  I.Schedsan = Self;
  I.OutDir = S.OutDir;
  Result.Tot.Depth = O.Depth ? O.Depth : 3;
  if (Json)
    Json->begin(I);

  // Each record, in seed order: the files of the Keep lowest failing seeds
  // of each signature stay (a lower seed that finished late may have made
  // the Keeper drop this one's), then it is counted and written.
  std::map<std::string, unsigned> Seen;
  bool AnyFailure = Sites.LearnFailures != 0; // their files stay
  auto Sink = [&](RunRecord &R) {
    if (R.failed()) {
      AnyFailure = true;
      if (O.Keep && ++Seen[R.signature()] > O.Keep)
        for (std::string *F : {&R.StdoutPath, &R.StderrPath, &R.Trace}) {
          if (!F->empty())
            unlink(F->c_str());
          F->clear();
        }
    }
    Result.Tot.add(R);
    if (Json)
      Json->add(R);
    if (S.Rff)
      S.Rff->learn(R.Seed, R.Constraints, R.Rf);
    if (!S.Coverage)
      return false;
    Result.Cov.add(R.Seed, R.Pairs);
    if (!O.UntilSaturated || Result.Cov.runsSinceNew() < O.UntilSaturated)
      return false;
    I.Saturated = true;
    return true;
  };

  Coordinator C(S.Count, O.UntilBug, Sink);
  std::vector<std::unique_ptr<Worker>> Workers;
  for (unsigned N = 0; N != Jobs; ++N)
    Workers.push_back(std::make_unique<Worker>(S, C, N));
  const double Start = now();
  std::vector<std::thread> Threads;
  for (auto &W : Workers)
    Threads.emplace_back([&W] { (*W)(); });
  uint64_t Done = 0, Failures = 0;
  while (C.wait(Jobs, 250, Done, Failures))
    showProgress(progressLine(Done, S.Count, Failures, now() - Start));
  for (std::thread &T : Threads)
    T.join();
  clearProgress();
  const double Seconds = now() - Start;
  restoreInterruptHandlers();

  std::string Msg;
  if (C.failed(Msg)) {
    removeTree(S.Scratch);
    if (OutIsTemp)
      removeTree(S.OutDir);
    if (Json)
      Json->discard();
    fatal(Msg);
  }
  C.finish();
  Result.Tot.sortGroups();

  I.Interrupted = Interrupted;
  I.Jobs = Jobs;
  unsigned Fell = S.FellBack.load();
  bool Server = O.ForkServer && S.Prog.HasForkServer;
  I.Mode = !Server        ? "exec"
           : Fell == 0    ? "fork server"
           : Fell >= Jobs ? "exec (fork server failed)"
                          : "fork server (" + std::to_string(Fell) + " of " +
                                std::to_string(Jobs) + " workers: exec)";
  I.Seconds = Seconds;
  I.Search = S.Search != nullptr;
  I.Script = O.Script;
  I.PreemptionBound = O.PreemptionBound;
  if (S.Search) {
    I.SchedulesExplored = S.Search->explored();
    I.SchedulesBlocked = S.Search->blocked();
    I.SearchComplete = S.Search->complete();
  }

  if (S.Rff)
    Result.Rff = S.Rff->figures();
  removeTree(S.Scratch);
  if (OutIsTemp && !AnyFailure) {
    removeTree(S.OutDir);
    I.OutDir.clear();
  }
  return Result;
}

} // namespace schedsan::run
