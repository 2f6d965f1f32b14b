//===- StrategyNames.cpp - The strategies a program can run under ---------===//
//
// FILE:
//    utils/common/StrategyNames.cpp
//
// DESCRIPTION:
//    See StrategyNames.h. Strategies.def lines are
//    SCHEDSAN_STRATEGY(Name, Class); only the name is used here.
//===----------------------------------------------------------------------===//
#include "StrategyNames.h"

namespace schedsan {

const std::vector<std::string> &strategyNames() {
  static const std::vector<std::string> Names = {
#define SCHEDSAN_STRATEGY(Name, Class) #Name,
#include "Strategies.def"
#undef SCHEDSAN_STRATEGY
  };
  return Names;
}

bool isStrategyName(const std::string &Name) {
  for (const std::string &S : strategyNames())
    if (S == Name)
      return true;
  return false;
}

std::string strategyNameList() {
  std::string List;
  for (const std::string &S : strategyNames())
    List += (List.empty() ? "" : ", ") + S;
  return List;
}

} // namespace schedsan
