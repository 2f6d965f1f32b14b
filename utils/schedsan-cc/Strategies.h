//===- Strategies.h - The names -fsanitize-schedule= accepts ----*- C++ -*-===//
//
// FILE:
//    utils/schedsan-cc/Strategies.h
//
// DESCRIPTION:
//    The runtime's strategies (utils/common/StrategyNames.h, the check the
//    runner uses too), and `none` on top: it turns schedsan off (the
//    wrapper then behaves exactly like the plain compiler).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CC_STRATEGIES_H
#define SCHEDSAN_CC_STRATEGIES_H

#include <string>

namespace schedsan::cc {

// A strategy name or `none`.
bool isAcceptedStrategy(const std::string &Name);

// "random, pct, ..., none": for error messages.
std::string acceptedStrategies();

} // namespace schedsan::cc

#endif
