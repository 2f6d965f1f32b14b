//===- Portfolio.cpp - A mix of strategies chosen by seed -----------------===//
//
// FILE:
//    utils/schedsan-run/Portfolio.cpp
//
// DESCRIPTION:
//    The members of --strategy portfolio (Portfolio.h).
//===----------------------------------------------------------------------===//
#include "Portfolio.h"

namespace schedsan::run {

const std::vector<PortfolioMember> &portfolioMembers() {
  static const std::vector<PortfolioMember> Members = {
      {"pct d=1", "strategy=pct:depth=1"}, {"pct d=2", "strategy=pct:depth=2"},
      {"pct d=3", "strategy=pct:depth=3"}, {"pos", "strategy=pos"},
      {"random", "strategy=random"},       {"swarm", "strategy=swarm"}};
  return Members;
}

const PortfolioMember &portfolioMember(uint64_t Seed) {
  return portfolioMembers()[Seed % portfolioMembers().size()];
}

std::string portfolioName() {
  std::string Out =
      "portfolio (seed mod " + std::to_string(portfolioMembers().size()) + ": ";
  for (const PortfolioMember &M : portfolioMembers())
    Out += std::string(&M == &portfolioMembers()[0] ? "" : ", ") + M.Label;
  return Out + ")";
}

} // namespace schedsan::run
