//===- StrategyRegistry.cpp - Strategies by name --------------------------===//
//
// FILE:
//    runtime/strategy/StrategyRegistry.cpp
//
// DESCRIPTION:
//    createStrategy() over the runtime strategies of the table
//    (common/Strategies.def). Each strategy file
//    defines `Strategy *new<Class>()`.
//===----------------------------------------------------------------------===//
#include "Strategy.h"
#include "StrategyTable.h"

namespace schedsan {

#define SCHEDSAN_STRATEGY(Name, Class, Caps) Strategy *new##Class();
#include "Strategies.def"

Strategy *createStrategy(const char *Name) {
  const StrategyInfo *S = findStrategy(Name, InRuntime);
  if (!S)
    return nullptr;
  switch (S->id) {
#define SCHEDSAN_STRATEGY(Name, Class, Caps)                                   \
  case StrategyId::Name:                                                       \
    return new##Class();
#include "Strategies.def"
  default:
    return nullptr;
  }
}

} // namespace schedsan
