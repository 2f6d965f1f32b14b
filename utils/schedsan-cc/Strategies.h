//===- Strategies.h - The names -fsanitize-schedule= accepts ----*- C++ -*-===//
//
// FILE:
//    utils/schedsan-cc/Strategies.h
//
// DESCRIPTION:
//    The strategy names come from runtime/strategy/Strategies.def, the same
//    list the runtime registers, so the wrapper can never accept a name the
//    runtime does not know. `none` is accepted on top: it turns schedsan off
//    (the wrapper then behaves exactly like the plain compiler).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CC_STRATEGIES_H
#define SCHEDSAN_CC_STRATEGIES_H

#include <string>
#include <vector>

namespace schedsan::cc {

// The runtime's strategies, in Strategies.def order (without `none`).
const std::vector<std::string> &strategyNames();

// A strategy name or `none`.
bool isAcceptedStrategy(const std::string &Name);

// "random, pct, ..., none": for error messages.
std::string acceptedStrategies();

} // namespace schedsan::cc

#endif
