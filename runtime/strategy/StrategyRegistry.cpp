//===- StrategyRegistry.cpp - Strategies by name --------------------------===//
//
// FILE:
//    runtime/strategy/StrategyRegistry.cpp
//
// DESCRIPTION:
//    createStrategy() over the list in Strategies.def. Each strategy file
//    defines `Strategy *new<Class>()`.
//===----------------------------------------------------------------------===//
#include "Strategy.h"

#include <string.h>

namespace schedsan {

#define SCHEDSAN_STRATEGY(Name, Class) Strategy *new##Class();
#include "Strategies.def"
#undef SCHEDSAN_STRATEGY

Strategy *createStrategy(const char *Name) {
#define SCHEDSAN_STRATEGY(N, Class)                                            \
  if (!strcmp(Name, #N))                                                       \
    return new##Class();
#include "Strategies.def"
#undef SCHEDSAN_STRATEGY
  return nullptr;
}

} // namespace schedsan
