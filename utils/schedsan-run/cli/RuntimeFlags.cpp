//===- RuntimeFlags.cpp - The runtime's options, as the runner sees them --===//
//
// FILE:
//    utils/schedsan-run/cli/RuntimeFlags.cpp
//
// DESCRIPTION:
//    See RuntimeFlags.h.
//===----------------------------------------------------------------------===//
#include "cli/RuntimeFlags.h"
#include "PortfolioTable.h" // portfolio_member='s range (schedsan_flags.inc)

#include <cassert>

namespace schedsan::run {

namespace {

// Min and Max as the runtime stores them: an int's as its two's-complement
// bits.
struct RuntimeFlag {
  const char *Name;
  uint64_t Min, Max;
  const char *Runner;
};

const RuntimeFlag AllFlags[] = {
#define SCHEDSAN_FLAG(Type, Name, Default, Min, Max, Runner, Desc)             \
  {#Name, (uint64_t)(Min), (uint64_t)(Max), Runner},
#include "schedsan_flags.inc"
#undef SCHEDSAN_FLAG
};

const RuntimeFlag *find(const std::string &Key) {
  for (const RuntimeFlag &F : AllFlags)
    if (Key == F.Name)
      return &F;
  return nullptr;
}

} // namespace

const char *setByRunner(const std::string &Key) {
  const RuntimeFlag *F = find(Key);
  return F ? F->Runner : nullptr;
}

void runtimeRange(const std::string &Key, uint64_t &Min, uint64_t &Max) {
  const RuntimeFlag *F = find(Key);
  assert(F && (int64_t)F->Min >= 0 && "not a runtime option from 0 up");
  Min = F->Min;
  Max = F->Max;
}

} // namespace schedsan::run
