//===- Portfolio.cpp - A mix of strategies chosen by seed -----------------===//
//
// FILE:
//    utils/schedsan-run/Portfolio.cpp
//
// DESCRIPTION:
//    The members of --strategy portfolio (Portfolio.h), from the list the
//    runtime's schedsan::check runs too (schedsan_portfolio.def).
//===----------------------------------------------------------------------===//
#include "Portfolio.h"

namespace schedsan::run {

const std::vector<PortfolioMember> &portfolioMembers() {
  static const std::vector<PortfolioMember> Members = {
#define SCHEDSAN_PORTFOLIO_MEMBER(Label, Options) {Label, Options},
#include "schedsan/schedsan_portfolio.def"
#undef SCHEDSAN_PORTFOLIO_MEMBER
  };
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
