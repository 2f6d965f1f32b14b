//===- Strategies.h - The names -fsanitize-schedule= accepts ----*- C++ -*-===//
//
// FILE:
//    utils/schedsan-cc/Strategies.h
//
// DESCRIPTION:
//    The runtime's strategies (utils/common/StrategyNames.h, the check the
//    runner uses too), and two names of the wrappers' own on top:
//      none    turns schedsan off (the wrapper then behaves exactly like the
//              plain compiler);
//      script  instruments every event a test script (<schedsan/script.h>)
//              may wait for: memory, function enter/return and calls
//              (-schedsan-func-events, -schedsan-call-events), besides the
//              thread and synchronization events the runtime always sees;
//              the binary's default strategy is `random`, and it runs a
//              script when SCHEDSAN_OPTIONS names one (script=NAME). Any
//              other strategy runs such a binary too.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CC_STRATEGIES_H
#define SCHEDSAN_CC_STRATEGIES_H

#include <string>

namespace schedsan::cc {

// A strategy name, `script` or `none`.
bool isAcceptedStrategy(const std::string &Name);

// "random, pct, ..., script, none": for error messages.
std::string acceptedStrategies();

// The runtime strategy an accepted name records as the binary's default
// (`script`: random).
std::string runtimeStrategy(const std::string &Name);

// Whether Name asks for the script events.
bool wantsScriptEvents(const std::string &Name);

} // namespace schedsan::cc

#endif
