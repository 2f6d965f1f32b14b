//===- Calibrate.cpp - PCT's k for a campaign -----------------------------===//
//
// FILE:
//    utils/schedsan-run/campaign/Calibrate.cpp
//
// DESCRIPTION:
//    See Calibrate.h.
//===----------------------------------------------------------------------===//
#include "campaign/Calibrate.h"
#include "campaign/Capture.h"
#include "campaign/Exec.h"
#include "campaign/Files.h"
#include "campaign/Outcome.h"
#include "cli/Diag.h"
#include "cli/Options.h"
#include "explore/RffCorpus.h"
#include "schedsan/schedsan_protocol.h"

#include <algorithm>
#include <unistd.h>

namespace schedsan::run {

namespace {

// The value of Key in a joined "k=v:k=v" option string (last one wins).
std::string joinedValue(const std::string &Joined, const std::string &Key) {
  return optionValue(splitOptions(Joined), Key);
}

} // namespace

uint64_t calibrateK(const Program &Prog, const std::vector<std::string> &Env,
                    const std::string &UserOptions, const std::string &TraceDir,
                    const RunOptions &O) {
  const uint64_t RuntimeDefaultK = 1000; // PctStrategy's kDefaultK
  if (!joinedValue(UserOptions, "k").empty())
    return 0;
  // The campaign's strategy (nullptr: unknown, asked of the run below).
  // rff and the portfolio may run PCT too (rff's base, rf_base=, by default
  // the portfolio's members).
  const StrategyInfo *Strategy = O.Effective;
  if (Strategy && !Strategy->mayUseK())
    return 0;
  Capture Out;
  if (!Out.open())
    fatal("pipe: " + lastError());
  ExecLauncher L(
      Prog.Path, Prog.Argv, Env,
      joinOptions({UserOptions, "verbosity=1",
                   TraceDir.empty() ? "" : "trace_dir=" + TraceDir}));
  RunSpec Spec;
  Spec.Seed = O.SeedBase;
  Spec.Out = &Out;
  if (Strategy && Strategy->is(StrategyId::rff)) // as the campaign's runs
    Spec.Options = joinOptions(rffSeedOptions(Spec.Seed, UserOptions));
  ProcessEnd E = L.run(Spec, O.Timeout, Interrupt());
  if (E.How == ProcessEnd::SpawnFailed)
    fatal("cannot start '" + Prog.Argv[0] + "'");
  RunRecord R;
  std::string Trace;
  classifyRun(E, Out.err(), O.Timeout, R, Trace);
  for (const std::string &T : {Trace, traceOf(TraceDir, E.Pid)})
    if (!T.empty())
      unlink(T.c_str());
  // The strategy the program runs (its built-in default, if not asked).
  const StrategyInfo *Ran =
      R.Strategy.empty() ? Strategy : findStrategy(R.Strategy.c_str());
  if (!Ran || !Ran->mayUseK())
    return 0;
  // From the one-line summary at exit (a failing run may not print it).
  std::string K = summaryField(Out.err(), E.Pid, SCHEDSAN_KEY_K);
  if (K.empty() || K.find_first_not_of("0123456789") != std::string::npos ||
      K.size() > 19)
    return RuntimeDefaultK;
  return std::max<uint64_t>(1, std::stoull(K));
}

} // namespace schedsan::run
