//===- Strategies.cpp - The names -fsanitize-schedule= accepts ------------===//
//
// FILE:
//    utils/schedsan-cc/Strategies.cpp
//
// DESCRIPTION:
//    See Strategies.h. Strategies.def lines are SCHEDSAN_STRATEGY(Name, Class);
//    only the name is used here.
//===----------------------------------------------------------------------===//
#include "Strategies.h"

namespace schedsan::cc {

const std::vector<std::string> &strategyNames() {
  static const std::vector<std::string> Names = {
#define SCHEDSAN_STRATEGY(Name, Class) #Name,
#include "Strategies.def"
#undef SCHEDSAN_STRATEGY
  };
  return Names;
}

bool isAcceptedStrategy(const std::string &Name) {
  if (Name == "none")
    return true;
  for (const std::string &S : strategyNames())
    if (S == Name)
      return true;
  return false;
}

std::string acceptedStrategies() {
  std::string List;
  for (const std::string &S : strategyNames())
    List += S + ", ";
  return List + "none";
}

} // namespace schedsan::cc
