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

bool isAcceptedStrategy(const std::string &Name) {
  return Name == "none" || isStrategyName(Name);
}

std::string acceptedStrategies() { return strategyNameList() + ", none"; }

} // namespace schedsan::cc
