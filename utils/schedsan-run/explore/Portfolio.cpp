//===- Portfolio.cpp - A mix of strategies chosen by seed -----------------===//
//
// FILE:
//    utils/schedsan-run/explore/Portfolio.cpp
//
// DESCRIPTION:
//    The name of --strategy portfolio in summaries (Portfolio.h); the
//    members are common/PortfolioTable.h's.
//===----------------------------------------------------------------------===//
#include "explore/Portfolio.h"

namespace schedsan::run {

std::string portfolioName() {
  std::string Out =
      "portfolio (seed mod " + std::to_string(schedsan::kPortfolioSize) + ": ";
  for (const PortfolioMember &M : kPortfolio)
    Out += std::string(&M == &kPortfolio[0] ? "" : ", ") + M.Label;
  return Out + ")";
}

} // namespace schedsan::run
