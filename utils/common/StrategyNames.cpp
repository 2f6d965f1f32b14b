//===- StrategyNames.cpp - The strategies a program can run under ---------===//
//
// FILE:
//    utils/common/StrategyNames.cpp
//
// DESCRIPTION:
//    See StrategyNames.h: the runtime strategies of the strategy table
//    (common/StrategyTable.h).
//===----------------------------------------------------------------------===//
#include "StrategyNames.h"
#include "StrategyTable.h"

namespace schedsan {

const std::vector<std::string> &strategyNames() {
  static const std::vector<std::string> Names = [] {
    std::vector<std::string> Out;
    size_t N;
    const StrategyInfo *T = strategyTable(&N);
    for (size_t I = 0; I != N; ++I)
      if (T[I].has(InRuntime))
        Out.push_back(T[I].name);
    return Out;
  }();
  return Names;
}

bool isStrategyName(const std::string &Name) {
  return findStrategy(Name.c_str(), InRuntime) != nullptr;
}

std::string strategyNameList() {
  char Buf[256];
  return strategyNames(InRuntime, Buf, sizeof(Buf));
}

} // namespace schedsan
