//===- Strategies.cpp - The names -fsanitize-schedule= accepts ------------===//
//
// FILE:
//    utils/schedsan-cc/Strategies.cpp
//
// DESCRIPTION:
//    See Strategies.h. The names and what they build are the strategy
//    table's (common/StrategyTable.h): its runtime strategies and its build
//    modes (SCHEDSAN_BUILD_MODE, each with the strategy it runs as).
//===----------------------------------------------------------------------===//
#include "Strategies.h"
#include "StrategyNames.h"
#include "StrategyTable.h"

namespace schedsan::cc {

namespace {

constexpr const char *NoneName = "none"; // not a strategy: schedsan off

// A build mode of the table (`script`), or nullptr.
const StrategyInfo *buildMode(const std::string &Name) {
  return findStrategy(Name.c_str(), BuildMode);
}

} // namespace

bool isAcceptedStrategy(const std::string &Name) {
  return Name == NoneName || buildMode(Name) || isStrategyName(Name);
}

std::string acceptedStrategies() {
  char Modes[128];
  return strategyNameList() + ", " +
         strategyNames(BuildMode, Modes, sizeof(Modes)) + ", " + NoneName;
}

std::string runtimeStrategy(const std::string &Name) {
  const StrategyInfo *Mode = buildMode(Name);
  return Mode ? Mode->runs_as : Name;
}

bool wantsScriptEvents(const std::string &Name) {
  const StrategyInfo *Mode = buildMode(Name);
  return Mode && Mode->is(StrategyId::script);
}

} // namespace schedsan::cc
