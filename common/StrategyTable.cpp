//===- StrategyTable.cpp - Strategies as data -----------------------------===//
//
// FILE:
//    common/StrategyTable.cpp
//
// DESCRIPTION:
//    See StrategyTable.h.
//===----------------------------------------------------------------------===//
#include "StrategyTable.h"

#include <string.h>

namespace schedsan {

namespace {

constexpr StrategyInfo kTable[] = {
#define SCHEDSAN_STRATEGY(Name, Class, Caps)                                   \
  {#Name, StrategyId::Name, InRuntime | (Caps), nullptr},
#define SCHEDSAN_RUNNER_STRATEGY(Name, Caps)                                   \
  {#Name, StrategyId::Name, RunnerOnly | (Caps), nullptr},
#define SCHEDSAN_BUILD_MODE(Name, RunsAs)                                      \
  {#Name, StrategyId::Name, BuildMode, #RunsAs},
#include "Strategies.def"
};
constexpr size_t kTableSize = sizeof(kTable) / sizeof(kTable[0]);

constexpr size_t rowsWith(unsigned Cap) {
  size_t N = 0;
  for (const StrategyInfo &S : kTable)
    N += S.has(Cap);
  return N;
}
static_assert(rowsWith(Default) == 1,
              "Strategies.def marks exactly one strategy Default");
static_assert(rowsWith(Default | InRuntime) == 1,
              "the Default strategy is a runtime strategy");

constexpr const StrategyInfo *defaultRow() {
  for (const StrategyInfo &S : kTable)
    if (S.has(Default))
      return &S;
  return nullptr;
}

} // namespace

const StrategyInfo *strategyTable(size_t *Size) {
  *Size = kTableSize;
  return kTable;
}

const StrategyInfo *findStrategy(const char *Name, unsigned Need) {
  for (const StrategyInfo &S : kTable)
    if (S.has(Need) && !strcmp(S.name, Name))
      return &S;
  return nullptr;
}

const StrategyInfo &strategyInfo(StrategyId Id) { return kTable[(size_t)Id]; }

const StrategyInfo &defaultStrategy() { return *defaultRow(); }

const StrategyInfo *findSearchOrder(const char *Name) {
  const StrategyInfo *S = findStrategy(Name, InRuntime);
  return S && (S->has(Systematic) || S->has(Default)) ? S : nullptr;
}

bool rffBaseMayBePortfolio(const char *Base) {
  if (!*Base || !strcmp(Base, kRffAutoBase))
    return true;
  const StrategyInfo *S = findStrategy(Base, RffBase);
  return S && S->is(StrategyId::portfolio);
}

const char *strategyNames(unsigned Need, char *Buf, size_t Size) {
  size_t Len = 0;
  if (Size)
    Buf[0] = 0;
  for (const StrategyInfo &S : kTable) {
    if (!S.has(Need))
      continue;
    const size_t N = strlen(S.name) + (Len ? 2 : 0);
    if (Len + N + 1 > Size)
      break;
    memcpy(Buf + Len, Len ? ", " : "", Len ? 2 : 0);
    memcpy(Buf + Len + (Len ? 2 : 0), S.name, strlen(S.name) + 1);
    Len += N;
  }
  return Buf;
}

} // namespace schedsan
