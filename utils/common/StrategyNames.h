//===- StrategyNames.h - The strategies a program can run under -*- C++ -*-===//
//
// FILE:
//    utils/common/StrategyNames.h
//
// DESCRIPTION:
//    The one check of a strategy name in the tools: the wrapper's
//    -fsanitize-schedule= and schedsan-config --strategy= (which accept
//    `none` on top), and the runner's --strategy, -o strategy= and a trace
//    header's strategy=. The names are those of
//    common/Strategies.def, the list the runtime registers and
//    checks strategy= against, so no tool accepts a name the runtime does
//    not know. `replay` is none of them: a replay follows a trace (the
//    runtime's replay= option, `schedsan replay`) and then goes on with one
//    of these strategies.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_UTILS_STRATEGYNAMES_H
#define SCHEDSAN_UTILS_STRATEGYNAMES_H

#include <string>
#include <vector>

namespace schedsan {

// The strategies, in Strategies.def order.
const std::vector<std::string> &strategyNames();

// Whether Name is one of them.
bool isStrategyName(const std::string &Name);

// "random, pct, ...": for messages.
std::string strategyNameList();

} // namespace schedsan

#endif // SCHEDSAN_UTILS_STRATEGYNAMES_H
