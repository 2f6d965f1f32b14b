//===- Options.cpp - Command lines of run, replay and merge ---------------===//
//
// FILE:
//    utils/schedsan-run/cli/Options.cpp
//
// DESCRIPTION:
//    See Options.h. The subcommands' --help texts are in Help.cpp.
//===----------------------------------------------------------------------===//
#include "cli/Options.h"
#include "StrategyNames.h"
#include "cli/Diag.h"
#include "cli/Help.h"
#include "cli/RuntimeFlags.h"
#include "explore/Coverage.h"
#include "schedsan/schedsan_protocol.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace schedsan::run {

namespace {

// Walks an argument list: options first, then (after "--" or the first
// non-option) the program.
class ArgReader {
public:
  explicit ArgReader(const std::vector<std::string> &Args) : Args(Args) {}

  bool done() const { return I >= Args.size(); }
  const std::string &peek() const { return Args[I]; }

  // True if the next argument is Long or Short (or Long=value); then
  // Value() holds its value when the option takes one.
  bool take(const char *Long, const char *Short, bool HasValue) {
    const std::string &A = Args[I];
    std::string L = Long;
    if (A == L || (Short && A == Short)) {
      Name = A;
      ++I;
      if (!HasValue)
        return true;
      if (done())
        usageError("option '" + Name + "' needs a value");
      Val = Args[I++];
      return true;
    }
    if (HasValue && A.compare(0, L.size() + 1, L + "=") == 0) {
      Name = L;
      Val = A.substr(L.size() + 1);
      ++I;
      return true;
    }
    // -n100, -j2, -okey=value
    if (HasValue && Short && std::strlen(Short) == 2 && A.size() > 2 &&
        A.compare(0, 2, Short) == 0 && A[1] != '-') {
      Name = Short;
      Val = A.substr(2);
      ++I;
      return true;
    }
    return false;
  }
  const std::string &value() const { return Val; }
  const std::string &name() const { return Name; }

  // The rest of the arguments (after an optional "--").
  std::vector<std::string> rest() {
    if (!done() && Args[I] == "--")
      ++I;
    std::vector<std::string> R(Args.begin() + I, Args.end());
    I = Args.size();
    return R;
  }

  // The next argument, consumed.
  const std::string &positional() { return Args[I++]; }

  bool atOption() const {
    return !done() && Args[I].size() > 1 && Args[I][0] == '-' &&
           Args[I] != "--";
  }

private:
  const std::vector<std::string> &Args;
  size_t I = 0;
  std::string Name, Val;
};

uint64_t toUnsigned(const std::string &Opt, const std::string &V, uint64_t Min,
                    uint64_t Max = UINT64_MAX) {
  uint64_t N;
  if (!parseDecimal(V, N) || N < Min || N > Max)
    usageError("option '" + Opt + "' needs a decimal integer " +
               (Max == UINT64_MAX ? ">= " + std::to_string(Min)
                                  : "in " + std::to_string(Min) + ".." +
                                        std::to_string(Max)) +
               ", not '" + V + "'");
  return N;
}

// Seconds: decimal digits with an optional fraction ("0.5", "60").
double toSeconds(const std::string &Opt, const std::string &V) {
  size_t Dot = V.find('.');
  std::string Int = V.substr(0, Dot);
  std::string Frac = Dot == std::string::npos ? "" : V.substr(Dot + 1);
  bool Ok = !V.empty() && V != "." && Int.size() <= 9 &&
            V.find_first_not_of("0123456789.") == std::string::npos &&
            Frac.find('.') == std::string::npos;
  if (!Ok)
    usageError("option '" + Opt +
               "' needs a decimal number of seconds >= 0 "
               "(e.g. 60 or 0.5), not '" +
               V + "'");
  return std::strtod(V.c_str(), nullptr);
}

// A depth (--depth, -o depth=): the runtime's range for depth=.
int toDepth(const std::string &Opt, const std::string &V) {
  uint64_t Min, Max;
  runtimeRange("depth", Min, Max);
  return (int)toUnsigned(Opt, V, Min, Max);
}

// A --strategy value: a runtime strategy or one the runner runs as others
// (the portfolio); its row.
const StrategyInfo *checkStrategy(const std::string &S) {
  const StrategyInfo *Row = findStrategy(S.c_str());
  if (!Row || !(Row->has(InRuntime) || Row->has(RunnerOnly)))
    usageError("unknown strategy '" + S + "' (accepted: " + strategyNameList() +
               ")");
  return Row;
}

// Adds -o's value (one K=V or K=V:K=V) to Options; --strategy and --depth
// given as -o are the same as the options.
void addRuntimeOptions(const std::string &Opt, const std::string &Value,
                       std::vector<std::string> &Options,
                       const StrategyInfo **Strategy, int &Depth) {
  for (const std::string &KV : splitOptions(Value)) {
    size_t Eq = KV.find('=');
    if (Eq == 0 || Eq == std::string::npos)
      usageError("option '" + Opt + "' needs KEY=VALUE, not '" + KV + "'");
    std::string Key = KV.substr(0, Eq), Val = KV.substr(Eq + 1);
    if (Key.find_first_of(" \t\n") != std::string::npos ||
        Val.find_first_of(" \t\n") != std::string::npos)
      usageError("option '" + Opt + " " + KV +
                 "': runtime options cannot contain spaces");
    if (const char *Instead = setByRunner(Key))
      usageError("option '" + Opt + " " + KV + "': '" + Key +
                 "' is set by schedsan itself (use " + Instead + ")");
    if (Key == "strategy" && Strategy) {
      *Strategy = checkStrategy(Val);
      continue;
    }
    if (Key == "depth") {
      Depth = toDepth(Opt + " depth", Val);
      continue;
    }
    if (Key == "k")
      toUnsigned(Opt + " k", Val, Strategy ? 1 : 0);
    if (Key == "verbosity" && Val == "0")
      usageError("option '" + Opt + " " + KV +
                 "': the runner needs verbosity >= 1 (its per-run summary)");
    Options.push_back(KV);
  }
}

// Text with {strategies} replaced by the strategy names.
[[noreturn]] void printHelp(std::string Text) {
  const std::string Slot = "{strategies}";
  size_t Pos = Text.find(Slot);
  if (Pos != std::string::npos)
    Text.replace(Pos, Slot.size(), strategyNameList());
  std::fputs(Text.c_str(), stdout);
  std::exit(0);
}

} // namespace

bool parseDecimal(const std::string &V, uint64_t &N) {
  if (V.empty() || V.size() > 20 ||
      V.find_first_not_of("0123456789") != std::string::npos)
    return false;
  N = 0;
  for (char C : V) {
    uint64_t D = C - '0';
    if (N > (UINT64_MAX - D) / 10)
      return false;
    N = N * 10 + D;
  }
  return true;
}

std::vector<std::string> splitOptions(const std::string &Joined) {
  std::vector<std::string> Out;
  size_t Pos = 0;
  while (Pos <= Joined.size()) {
    size_t Colon = Joined.find(':', Pos);
    Out.push_back(Joined.substr(Pos, Colon - Pos));
    Pos = Colon == std::string::npos ? Joined.size() + 1 : Colon + 1;
  }
  return Out;
}

std::string environmentOptions() {
  const char *Env = std::getenv(SCHEDSAN_ENV_OPTIONS);
  if (!Env || !*Env)
    return "";
  std::string Kept;
  for (const std::string &KV : splitOptions(Env)) {
    std::string Key = KV.substr(0, KV.find('='));
    if (setByRunner(Key))
      note("ignoring '" + KV +
           "' from " SCHEDSAN_ENV_OPTIONS " (schedsan sets it)");
    else if (!KV.empty())
      Kept += (Kept.empty() ? "" : ":") + KV;
  }
  return Kept;
}

std::vector<std::string> environmentOptionList(const std::string &Env,
                                               const RunOptions &O) {
  std::vector<std::string> List;
  for (const std::string &KV : splitOptions(Env)) {
    const std::string Key = KV.substr(0, KV.find('='));
    if (KV.empty() || (Key == "strategy" && O.Strategy) ||
        (Key == "depth" && O.Depth))
      continue;
    List.push_back(KV);
  }
  return List;
}

std::string optionValue(const std::vector<std::string> &Options,
                        const std::string &Key) {
  std::string V;
  for (const std::string &KV : Options)
    if (KV.compare(0, Key.size() + 1, Key + "=") == 0)
      V = KV.substr(Key.size() + 1);
  return V;
}

RunOptions parseRunArgs(const std::vector<std::string> &Args) {
  setCommand("run");
  RunOptions O;
  bool SawUntil = false, SawCount = false, SawRuns = false;
  ArgReader R(Args);
  while (R.atOption()) {
    if (R.take("--help", "-h", false))
      printHelp(RunHelp);
    else if (R.take("--runs", "-n", true)) {
      O.Runs = toUnsigned(R.name(), R.value(), 1);
      SawRuns = true;
    } else if (R.take("--until-saturated", nullptr, false))
      O.UntilSaturated = kDefaultSaturationRuns;
    else if (R.peek().compare(0, 18, "--until-saturated=") == 0)
      O.UntilSaturated =
          toUnsigned("--until-saturated", R.positional().substr(18), 1);
    else if (R.take("--no-coverage", nullptr, false))
      O.Coverage = false;
    else if (R.take("--decision-sites", nullptr, true)) {
      if (R.value().empty())
        usageError("option '--decision-sites' needs all, shared or a file");
      O.DecisionSites = R.value();
    } else if (R.take("--learn-runs", nullptr, true))
      O.LearnRuns = (unsigned)toUnsigned(R.name(), R.value(), 1, 1000000);
    else if (R.take("--jobs", "-j", true))
      O.Jobs = (unsigned)toUnsigned(R.name(), R.value(), 1, UINT32_MAX);
    else if (R.take("--strategy", nullptr, true)) {
      O.Strategy = checkStrategy(R.value());
    } else if (R.take("--depth", nullptr, true))
      O.Depth = toDepth(R.name(), R.value());
    else if (R.take("--option", "-o", true))
      addRuntimeOptions(R.name(), R.value(), O.Options, &O.Strategy, O.Depth);
    else if (R.take("--preemption-bound", nullptr, true) ||
             R.take("--context-bound", nullptr, true))
      O.Options.push_back(
          "preemption_bound=" +
          std::to_string(toUnsigned(R.name(), R.value(), 0, 1 << 30)));
    else if (R.take("--reduction", nullptr, true)) {
      if (R.value() != "none" && R.value() != "sleep")
        usageError("option '--reduction' needs none or sleep, not '" +
                   R.value() + "'");
      O.Options.push_back("reduction=" + R.value());
    } else if (R.take("--script", nullptr, true))
      O.Script = R.value();
    else if (R.take("--search", nullptr, true)) {
      O.Search = findSearchOrder(R.value().c_str());
      if (!O.Search) {
        char Orders[128];
        strategyNames(Systematic | InRuntime, Orders, sizeof(Orders));
        usageError("option '--search' needs " + std::string(Orders) + " or " +
                   defaultStrategy().name + ", not '" + R.value() + "'");
      }
    } else if (R.take("--timeout", nullptr, true)) {
      O.Timeout = toSeconds(R.name(), R.value());
    } else if (R.take("--until-bug", nullptr, false))
      SawUntil = true;
    else if (R.take("--count", nullptr, false))
      SawCount = true;
    else if (R.take("--seed-base", nullptr, true))
      O.SeedBase = toUnsigned(R.name(), R.value(), 0);
    else if (R.take("--shard", nullptr, true)) {
      const std::string &V = R.value();
      size_t Slash = V.find('/');
      if (Slash == std::string::npos)
        usageError("option '--shard' needs I/N (e.g. 0/4), not '" + V + "'");
      O.ShardIndex = (unsigned)toUnsigned("--shard", V.substr(0, Slash), 0,
                                          UINT32_MAX - 1);
      O.ShardCount =
          (unsigned)toUnsigned("--shard", V.substr(Slash + 1), 1, UINT32_MAX);
      if (O.ShardIndex >= O.ShardCount)
        usageError("option '--shard " + V + "': I must be below N (0.." +
                   std::to_string(O.ShardCount - 1) + ")");
    } else if (R.take("--json", nullptr, true))
      O.JsonPath = R.value();
    else if (R.take("--junit", nullptr, true))
      O.JUnitPath = R.value();
    else if (R.take("--out", nullptr, true))
      O.OutDir = R.value();
    else if (R.take("--keep", nullptr, true))
      O.Keep = (unsigned)toUnsigned(R.name(), R.value(), 0, UINT32_MAX);
    else if (R.take("--minimize", nullptr, false))
      O.Minimize = true;
    else if (R.take("--timeline", nullptr, true))
      O.TimelineDir = R.value();
    else if (R.take("--no-fork-server", nullptr, false))
      O.ForkServer = false;
    else if (R.take("--gtest", nullptr, false) ||
             R.take("--catch2", nullptr, false)) {
      TestFramework F = R.name() == "--gtest" ? TestFramework::GoogleTest
                                              : TestFramework::Catch2;
      if (O.Framework != TestFramework::None && O.Framework != F)
        usageError("--gtest and --catch2 exclude each other");
      O.Framework = F;
    } else if (R.take("--cases", nullptr, true))
      O.Cases = R.value();
    else if (R.take("--list-cases", nullptr, false))
      O.ListCases = true;
    else
      usageError("unknown option '" + R.peek() + "'");
  }
  if (SawUntil && SawCount)
    usageError("--until-bug and --count exclude each other");
  // --until-saturated runs every seed (--count) unless --until-bug says
  // to stop at a failure too; -n is then only a cap.
  O.UntilBug = !SawCount && (SawUntil || !O.UntilSaturated);
  if (O.UntilSaturated && !O.Coverage)
    usageError("--until-saturated needs the runs' event pairs: it excludes "
               "--no-coverage");
  if (O.DecisionSites != "all" &&
      !optionValue(O.Options, "decision_sites").empty())
    usageError("--decision-sites=" + O.DecisionSites +
               " and -o decision_sites= exclude each other (give the site "
               "set once)");
  if (O.DecisionSites != "all" && !O.Script.empty())
    usageError("--decision-sites=" + O.DecisionSites +
               " does not apply to --script (a test script sees every "
               "access)");
  if (O.UntilSaturated && !SawRuns)
    O.Runs = kSaturatedRunsCap;
  if (O.SeedBase > UINT64_MAX - (O.Runs - 1))
    usageError("option '--seed-base " + std::to_string(O.SeedBase) +
               "' with -n " + std::to_string(O.Runs) +
               ": the last seed, SEED_BASE+N-1, would be past "
               "18446744073709551615");
  O.Command = R.rest();
  if (O.Command.empty())
    usageError("no program to run (schedsan run [options] -- PROGRAM ...)");
  return O;
}

ReplayOptions parseReplayArgs(const std::vector<std::string> &Args) {
  setCommand("replay");
  ReplayOptions O;
  ArgReader R(Args);
  // Options before or after TRACE; the program after "--" (or after TRACE).
  while (!R.done()) {
    if (R.peek() == "--" || (!R.atOption() && !O.Trace.empty())) {
      O.Command = R.rest();
      break;
    }
    if (!R.atOption())
      O.Trace = R.positional();
    else if (R.take("--help", "-h", false))
      printHelp(ReplayHelp);
    else if (R.take("--depth", nullptr, true))
      O.Depth = toDepth(R.name(), R.value());
    else if (R.take("--option", "-o", true))
      addRuntimeOptions(R.name(), R.value(), O.Options, nullptr, O.Depth);
    else if (R.take("--timeout", nullptr, true))
      O.Timeout = toSeconds(R.name(), R.value());
    else if (R.take("--timeline", nullptr, true))
      O.TimelinePath = R.value();
    else if (R.take("--chrome-trace", nullptr, true))
      O.ChromeTracePath = R.value();
    else
      usageError("unknown option '" + R.peek() + "'");
  }
  if (O.Trace.empty())
    usageError("no trace file (schedsan replay TRACE -- PROGRAM ...)");
  if (O.Command.empty())
    usageError("no program to run (schedsan replay TRACE -- PROGRAM ...)");
  return O;
}

// Its own two options (before "--"), then `schedsan replay`'s.
MinimizeOptions parseMinimizeArgs(const std::vector<std::string> &Args) {
  setCommand("minimize");
  MinimizeOptions O;
  std::vector<std::string> Rest;
  size_t I = 0;
  for (; I < Args.size() && Args[I] != "--"; ++I) {
    const std::string &A = Args[I];
    if (A == "--help" || A == "-h")
      printHelp(MinimizeHelp);
    const std::string Name = A.substr(0, A.find('='));
    if (Name != "--out" && Name != "--max-replays") {
      Rest.push_back(A);
      continue;
    }
    if (Name == A && I + 1 == Args.size())
      usageError("option '" + Name + "' needs a value");
    const std::string V = Name == A ? Args[++I] : A.substr(Name.size() + 1);
    if (Name == "--out")
      O.OutPath = V;
    else
      O.MaxReplays = (unsigned)toUnsigned(Name, V, 1, UINT32_MAX);
  }
  Rest.insert(Rest.end(), Args.begin() + I, Args.end());
  O.Replay = parseReplayArgs(Rest);
  setCommand("minimize");
  return O;
}

MergeOptions parseMergeArgs(const std::vector<std::string> &Args) {
  setCommand("merge");
  MergeOptions O;
  ArgReader R(Args);
  while (!R.done()) {
    if (!R.atOption())
      O.Inputs.push_back(R.positional());
    else if (R.take("--help", "-h", false))
      printHelp(MergeHelp);
    else if (R.take("--json", nullptr, true))
      O.JsonPath = R.value();
    else if (R.take("--junit", nullptr, true))
      O.JUnitPath = R.value();
    else
      usageError("unknown option '" + R.peek() + "'");
  }
  if (O.Inputs.empty())
    usageError("no JSON files to merge (schedsan merge A.json B.json ...)");
  return O;
}

} // namespace schedsan::run
