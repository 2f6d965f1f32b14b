//===- Strategies.cpp - The names -fsanitize-schedule= accepts ------------===//
//
// FILE:
//    utils/schedsan-cc/Strategies.cpp
//
// DESCRIPTION:
//    See Strategies.h.
//===----------------------------------------------------------------------===//
#include "Strategies.h"
#include "StrategyNames.h"

namespace schedsan::cc {

namespace {
constexpr const char *ScriptName = "script";
} // namespace

bool isAcceptedStrategy(const std::string &Name) {
  return Name == "none" || Name == ScriptName || isStrategyName(Name);
}

std::string acceptedStrategies() {
  return strategyNameList() + ", " + ScriptName + ", none";
}

std::string runtimeStrategy(const std::string &Name) {
  return Name == ScriptName ? "random" : Name;
}

bool wantsScriptEvents(const std::string &Name) { return Name == ScriptName; }

} // namespace schedsan::cc
