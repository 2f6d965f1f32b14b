//===- Search.h - The loop of a systematic search ---------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/explore/Search.h
//
// DESCRIPTION:
//    `schedsan run --strategy dfs` (and `--script NAME --search dfs`)
//    explores schedules one run at a time, depth-first, across restarts
//    (Concurrit's DFS oracle, Elmas et al. PLDI 2013, Figure 7; CHESS).
//    Every run gets search_file=<scratch>/search: before the run the
//    searcher writes there the prefix of choices to follow, after it the
//    runtime has written there the choices the run made (its record,
//    runtime/observe/schedsan_search.h; text form of common/ChoiceLog.h).
//    The next prefix: drop the record's trailing choices that took their
//    last alternative (value == count-1), then take the next alternative of
//    the last one left; none left, every schedule was explored and the
//    search is complete. The first prefix is empty. A run that wrote no
//    record (killed) leaves the prefix in the file, which is taken as its
//    record: the search still moves on.
//
//    The search stops when complete, after -n runs, or (--until-bug) at
//    the first failure; a campaign with --search random runs seeds as any
//    other and is never complete.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_SEARCH_H
#define SCHEDSAN_RUN_SEARCH_H

#include "ChoiceLog.h"
#include "cli/Options.h"

#include <cstdint>
#include <string>
#include <vector>

namespace schedsan::run {

// The runtime's text form (strategy/ChoiceLog.h: "1/2 0/3"); parse: false on
// anything else. A run's record may end with `blocked` (a reduction cut the run
// short: it repeats an explored trace), told in *Blocked.
std::string formatSearchChoices(const std::vector<Choice> &C);
bool parseSearchChoices(const std::string &Text, std::vector<Choice> &C,
                        bool *Blocked = nullptr);

// The prefix after Record in depth-first order; false when there is none.
bool nextSearchPrefix(std::vector<Choice> &Record);

// Whether a campaign with these options (RunOptions::Effective resolved)
// is a search: a systematic strategy (dfs), or a script with --search dfs.
bool isSearch(const RunOptions &O);

// Checks and completes the search options after parsing: --shard and -j
// with a search, --reduction sleep (dfs only, and never with a preemption
// bound); the runtime options --script, --search, --preemption-bound and
// --context-bound stand for.
void finishSearchOptions(RunOptions &O);

class Searcher {
public:
  // File: search_file of every run.
  explicit Searcher(std::string File) : File(std::move(File)) {}
  // Writes the next prefix to the file.
  void beforeRun();
  // Reads the run's record and computes the next prefix; Stderr: the run's,
  // where the runtime says if the run did not follow its prefix (a warning
  // the first time).
  void afterRun(const std::string &Stderr);
  bool complete() const { return Complete; }
  uint64_t explored() const { return Explored; }
  // Of the explored runs, those a reduction cut short (reduction=sleep).
  uint64_t blocked() const { return Blocked; }

private:
  std::string File;
  std::vector<Choice> Prefix;
  uint64_t Explored = 0, Blocked = 0;
  bool Complete = false, Warned = false;
};

} // namespace schedsan::run

#endif
