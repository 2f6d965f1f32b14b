//===- StrategyTable.h - Strategies as data ---------------------*- C++ -*-===//
//
// FILE:
//    common/StrategyTable.h
//
// DESCRIPTION:
//    The strategy table (Strategies.def) as values: each strategy's name,
//    id and capabilities. The runtime checks strategy= against it and
//    creates the strategy it names (runtime/strategy/StrategyRegistry.cpp);
//    the wrappers check -fsanitize-schedule=; the runner resolves its
//    --strategy once into a StrategyInfo and asks it what the strategy can
//    do. A name is looked up here and nowhere else.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_COMMON_STRATEGYTABLE_H
#define SCHEDSAN_COMMON_STRATEGYTABLE_H

#include <stddef.h>

namespace schedsan {

enum class StrategyId : unsigned char {
#define SCHEDSAN_STRATEGY(Name, Class, Caps) Name,
#define SCHEDSAN_RUNNER_STRATEGY(Name, Caps) Name,
#define SCHEDSAN_BUILD_MODE(Name, RunsAs) Name,
#include "Strategies.def"
};

// What a strategy can do (Strategies.def says which has what).
enum StrategyCaps : unsigned {
  UsesK = 1u << 0,      // PCT's k: change points spread over k steps
  Adapts = 1u << 1,     // learns across runs: needs the runner, -j1
  Systematic = 1u << 2, // a search over schedule prefixes, not seeds
  RffBase = 1u << 3,    // may be rff's base strategy (rf_base=)
  Default = 1u << 4,    // the default strategy (one row: defaultStrategy())
  Delegates = 1u << 5,  // schedules through others (rff's base, members)
  // Set by the table's kind, not in Strategies.def:
  InRuntime = 1u << 6,  // a runtime strategy: strategy= accepts it
  RunnerOnly = 1u << 7, // run as another runtime strategy each run
  BuildMode = 1u << 8,  // a -fsanitize-schedule= value only
};

struct StrategyInfo {
  const char *name;
  StrategyId id;
  unsigned caps;
  // A build mode's strategy (BuildMode): the binary's default strategy.
  const char *runs_as;

  constexpr bool has(unsigned Cap) const { return (caps & Cap) == Cap; }
  constexpr bool is(StrategyId Id) const { return id == Id; }
  // Whether its runs may use PCT's k (UsesK, or a strategy that schedules
  // through others, Delegates): the runner then calibrates k.
  constexpr bool mayUseK() const { return has(UsesK) || has(Delegates); }
};

// Every row, in Strategies.def's order.
const StrategyInfo *strategyTable(size_t *Size);
// The row named Name (nullptr: no strategy of that name). Only rows with
// every capability in Need count (InRuntime: what strategy= accepts).
const StrategyInfo *findStrategy(const char *Name, unsigned Need = 0);
const StrategyInfo &strategyInfo(StrategyId Id);
// The row marked Default (random): the strategy of a binary built without
// one (-fsanitize-schedule= naming none, or `script`'s runs_as), of
// strategy= when nothing sets it, and search=random.
const StrategyInfo &defaultStrategy();
// The order of a search's fresh choices that search= (and the runner's
// --search) names: a Systematic strategy (dfs: depth-first, the choices
// carried from run to run) or the default one (random: by seed); nullptr
// for any other name.
const StrategyInfo *findSearchOrder(const char *Name);
// rf_base= takes the RffBase rows and auto, which is no strategy: rff's
// choice by the run (the portfolio without constraints, the default
// strategy with them; runtime/strategy/RffStrategy.cpp).
constexpr const char *kRffAutoBase = "auto";
// Whether rf_base=Base ("": its default, auto) may run the portfolio's
// member (portfolio_member=): portfolio or auto.
bool rffBaseMayBePortfolio(const char *Base);

// The names of the rows with every capability in Need, ", "-separated,
// into Buf (truncated to Size); returns Buf.
const char *strategyNames(unsigned Need, char *Buf, size_t Size);

} // namespace schedsan

#endif // SCHEDSAN_COMMON_STRATEGYTABLE_H
