//===- PortfolioTable.h - The portfolio's members ---------------*- C++ -*-===//
//
// FILE:
//    common/PortfolioTable.h
//
// DESCRIPTION:
//    The members of the portfolio (include/schedsan/schedsan_portfolio.def)
//    as one table for every side that runs them: the runner (--strategy
//    portfolio, and portfolio_member= for rff), schedsan::check
//    (schedsan_check_parent.cpp) and rff's base `portfolio`
//    (RffStrategy.cpp, through portfolio_member=). Seed s runs member s mod
//    kPortfolioSize (runVariant).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_COMMON_PORTFOLIOTABLE_H
#define SCHEDSAN_COMMON_PORTFOLIOTABLE_H

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

// What a campaign's run Run (the runs are numbered by their seeds) varies
// by its number beyond its seed, computed here alone: the portfolio's
// member it runs (schedsan run --strategy portfolio, schedsan::check, and
// the runner's portfolio_member= for rff's base `portfolio`), and for rff
// whether its run with constraints makes thread creations no decisions
// (the runner's creation_decisions=; RffCorpus.h). Both come from the one
// remainder: the parity is the member's low bit, which is the run
// number's because the portfolio has an even size.
static_assert(kPortfolioSize % 2 == 0,
              "a member's parity must be its run's (RunVariant)");
struct RunVariant {
  unsigned member; // into kPortfolio
  // rff: creations are no decisions in this run if it has constraints
  // (also when a constraint names a thread of many: ReadsFrom.h).
  bool creations_no_decision_if_constrained;
};
inline RunVariant runVariant(uint64_t Run) {
  const unsigned Member = (unsigned)(Run % kPortfolioSize);
  return {Member, (Member & 1) != 0};
}

// The member run Run runs (runVariant).
inline unsigned portfolioMemberOf(uint64_t Run) {
  return runVariant(Run).member;
}
inline const PortfolioMember &portfolioMember(uint64_t Run) {
  return kPortfolio[portfolioMemberOf(Run)];
}

} // namespace schedsan

#endif // SCHEDSAN_COMMON_PORTFOLIOTABLE_H
