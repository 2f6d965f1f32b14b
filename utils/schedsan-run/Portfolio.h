//===- Portfolio.h - A mix of strategies chosen by seed ---------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/Portfolio.h
//
// DESCRIPTION:
//    `schedsan run --strategy portfolio`: instead of one guessed strategy,
//    a documented mix -- PCT at depths 1, 2 and 3, POS, random walk and
//    swarm. Seed s runs member s mod 6, so a seed stays an identity: the
//    same seed is the same strategy and the same schedule, whatever -j,
//    the shard or the order of runs, and its trace replays alone. The
//    summary says how many runs and failures each member had and which
//    member found each failure.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_PORTFOLIO_H
#define SCHEDSAN_RUN_PORTFOLIO_H

#include <cstdint>
#include <string>
#include <vector>

namespace schedsan::run {

// The --strategy value.
constexpr const char *kPortfolio = "portfolio";

struct PortfolioMember {
  const char *Label;   // "pct d=2"
  const char *Options; // the runtime options of its runs
};

const std::vector<PortfolioMember> &portfolioMembers();
// The member seed Seed runs.
const PortfolioMember &portfolioMember(uint64_t Seed);
// "portfolio (seed mod 6: pct d=1, ..., swarm)".
std::string portfolioName();

} // namespace schedsan::run

#endif
