//===- Coverage.h - A campaign's event pairs --------------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/explore/Coverage.h
//
// DESCRIPTION:
//    Every run of a campaign writes the event pairs it executed (the
//    runtime's coverage_file=, runtime/observe/schedsan_coverage.h: one pair a
//    line,
//    "<where e> <where f>", e went before f) to its worker's scratch file;
//    the campaign keeps, for each pair, the lowest seed that covered it.
//    The runs come in seed order (Coordinator.h), so the first run to bring
//    a pair has the lowest seed, and every figure depends only on the seeds
//    run: not on -j, the order in which runs end, or the shards.
//
//    Figures: the pairs covered; the window, the last 10 % of the runs by
//    seed (ceil(runs / 10)); the pairs first covered by a run of the window.
//    A campaign that gains nothing there has (for its strategy) covered
//    what it will cover.
//
//    --until-saturated=W: the campaign stops once W runs in a row (by seed,
//    every lower seed completed) added no pair; the run that completes the
//    W is the last.
//
//    JSON (ResultsJson.h): "coverage": {"pairs_total", "window",
//    "new_in_window", "pairs": [{"before", "after", "first_seed"}, ...]}
//    (by before, then after). `schedsan merge` unions the shards' pairs
//    (the lowest first seed of each) and recomputes the figures from the
//    merged runs' seeds: all shards merged give the unsharded figures.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_COVERAGE_H
#define SCHEDSAN_RUN_COVERAGE_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace schedsan::run {

class Json;

// The default W of --until-saturated, and its default -n (a cap).
constexpr uint64_t kDefaultSaturationRuns = 1000;
constexpr uint64_t kSaturatedRunsCap = 1000000;

// The pairs in a run's coverage file ("before after" each), none if the
// run wrote none (it was killed, or did not get that far).
std::vector<std::string> readCoverageFile(const std::string &Path);

class Coverage {
public:
  // Whether the campaign asked its runs for pairs.
  bool Enabled = false;

  // The next run in seed order and its pairs; returns how many were new.
  size_t add(uint64_t Seed, const std::vector<std::string> &Pairs);
  // The runs in a row, up to the last one added, that added no pair.
  uint64_t runsSinceNew() const { return SinceNew; }

  // Pairs by their first seed (merge); SortedSeeds: every seed run, in
  // order. Pairs first covered after the last of them are left out.
  static Coverage fromFirstSeeds(const std::map<std::string, uint64_t> &First,
                                 const std::vector<uint64_t> &SortedSeeds);

  uint64_t total() const { return Pairs.size(); }
  uint64_t window() const { return (Runs + 9) / 10; }
  uint64_t newInWindow() const;

  // "event pairs: N; the last W runs added M new pairs"
  std::string summaryText() const;
  Json toJson() const;
  // The "coverage" member of a results file: the pairs and their first
  // seeds; false if it has none.
  static bool firstSeedsFromJson(const Json &Results,
                                 std::map<std::string, uint64_t> &First);

private:
  struct First {
    uint64_t Seed, Rank; // Rank: how many runs (by seed) came before it
  };
  std::map<std::string, First> Pairs;
  uint64_t Runs = 0, SinceNew = 0;
};

} // namespace schedsan::run

#endif
