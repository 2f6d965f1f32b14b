//===- Portfolio.h - A mix of strategies chosen by seed ---------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/explore/Portfolio.h
//
// DESCRIPTION:
//    `schedsan run --strategy portfolio`: instead of one guessed strategy,
//    a documented mix -- PCT at depths 1, 2 and 3, POS, random walk and
//    swarm (the strategy table's row StrategyId::portfolio). Seed s runs
//    member s mod 6 (runVariant, common/PortfolioTable.h), so a seed stays
//    an identity: the same seed is the same strategy and the same
//    schedule, whatever -j, the shard or the order of runs, and its trace
//    replays alone. The summary says how many runs and failures each
//    member had and which member found each failure.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_PORTFOLIO_H
#define SCHEDSAN_RUN_PORTFOLIO_H

#include "PortfolioTable.h"

#include <cstdint>
#include <string>

namespace schedsan::run {

// The members (common/PortfolioTable.h).
using schedsan::kPortfolio;
using schedsan::portfolioMember;
using schedsan::PortfolioMember;
// "portfolio (seed mod 6: pct d=1, ..., swarm)".
std::string portfolioName();

} // namespace schedsan::run

#endif
