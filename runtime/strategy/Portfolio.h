//===- Portfolio.h - The portfolio's members --------------------*- C++ -*-===//
//
// FILE:
//    runtime/strategy/Portfolio.h
//
// DESCRIPTION:
//    The members of the portfolio (include/schedsan/schedsan_portfolio.def)
//    as one table for the runtime's sides that run them: schedsan::check
//    (schedsan_check_parent.cpp) and rff's base `portfolio`
//    (RffStrategy.cpp). Seed s runs member s mod kPortfolioSize.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_STRATEGY_PORTFOLIO_H
#define SCHEDSAN_STRATEGY_PORTFOLIO_H

#include <stddef.h>
#include <stdint.h>

namespace schedsan {

struct PortfolioMember {
  const char *Label;   // "pct d=1"
  const char *Options; // "strategy=pct:depth=1"
};

inline constexpr PortfolioMember kPortfolio[] = {
#define SCHEDSAN_PORTFOLIO_MEMBER(Label, Options) {Label, Options},
#include "schedsan/schedsan_portfolio.def"
#undef SCHEDSAN_PORTFOLIO_MEMBER
};
inline constexpr size_t kPortfolioSize =
    sizeof(kPortfolio) / sizeof(kPortfolio[0]);

inline const PortfolioMember &portfolioMember(uint64_t Seed) {
  return kPortfolio[Seed % kPortfolioSize];
}

} // namespace schedsan

#endif // SCHEDSAN_STRATEGY_PORTFOLIO_H
