//===- Search.cpp - The loop of a systematic search -----------------------===//
//
// FILE:
//    utils/schedsan-run/explore/Search.cpp
//
// DESCRIPTION:
//    See Search.h. The text form is the runtime's (ChoiceLog.h's
//    formatChoices and parseChoices), read and written here through the
//    same functions.
//===----------------------------------------------------------------------===//
#include "explore/Search.h"
#include "cli/Diag.h"
#include "schedsan/schedsan_protocol.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace schedsan::run {

std::string formatSearchChoices(const std::vector<Choice> &C) {
  std::string Out(formatChoices(C.data(), C.size(), nullptr, 0), '\0');
  formatChoices(C.data(), C.size(), &Out[0], Out.size() + 1);
  return Out;
}

bool parseSearchChoices(const std::string &Text, std::vector<Choice> &C,
                        bool *Blocked) {
  Vec<Choice> Cs;
  bool Ok = parseChoices(Text.c_str(), Cs, Blocked);
  C.assign(Cs.begin(), Cs.end());
  return Ok;
}

bool nextSearchPrefix(std::vector<Choice> &Record) {
  while (!Record.empty() && Record.back().value + 1 >= Record.back().count)
    Record.pop_back();
  if (Record.empty())
    return false;
  ++Record.back().value;
  return true;
}

namespace {

bool systematic(const StrategyInfo *S) { return S && S->has(Systematic); }

} // namespace

bool isSearch(const RunOptions &O) {
  if (!O.Script.empty())
    return systematic(O.Search);
  return systematic(O.Effective);
}

void finishSearchOptions(RunOptions &O) {
  std::string Bound = optionValue(O.Options, "preemption_bound");
  if (!Bound.empty())
    O.PreemptionBound = std::atoi(Bound.c_str());
  // A script searches depth-first unless told: the systematic strategy's
  // order.
  if (!O.Script.empty() && !O.Search)
    O.Search = &strategyInfo(StrategyId::dfs);
  if (!O.Script.empty())
    O.Options.push_back("script=" + O.Script);
  if (O.Search)
    O.Options.push_back("search=" + std::string(O.Search->name));
  const std::string Reduction = optionValue(O.Options, "reduction");
  if (!Reduction.empty() && Reduction != "none") {
    if (!O.Script.empty() || (O.Strategy && !systematic(O.Strategy)))
      usageError("option '--reduction': only a dfs search (--strategy dfs) "
                 "has a reduction");
    if (O.PreemptionBound >= 0)
      usageError("option '--reduction " + Reduction +
                 "' cannot go with '--preemption-bound': sleep sets are not "
                 "sound with a bound (a schedule a sleeping thread stands for "
                 "may have been cut by the bound), so the search would miss "
                 "schedules");
  }
  if ((systematic(O.Strategy) || systematic(O.Search)) && O.ShardCount > 1)
    usageError("option '--shard': a search explores its schedules one "
               "after the other and cannot be split");
}

void Searcher::beforeRun() {
  FILE *F = std::fopen(File.c_str(), "w");
  std::string Text = formatSearchChoices(Prefix) + "\n";
  if (!F || std::fputs(Text.c_str(), F) < 0 || std::fclose(F) != 0)
    fatal("cannot write " + File + ": " + lastError());
}

void Searcher::afterRun(const std::string &Stderr) {
  ++Explored;
  if (!Warned &&
      Stderr.find(SCHEDSAN_REPORT_SEARCH_DIVERGED) != std::string::npos) {
    Warned = true;
    warning("schedule " + std::to_string(Explored) +
            " did not follow the choices of the run before it: the program "
            "does not repeat a schedule (it depends on something besides "
            "the schedule), so the search may miss or repeat schedules");
  }
  std::vector<Choice> Record;
  std::ifstream In(File);
  std::stringstream Text;
  Text << In.rdbuf();
  bool RunBlocked = false;
  if (!parseSearchChoices(Text.str(), Record, &RunBlocked))
    fatal("the run left " + File + " unreadable (not value/count choices)");
  Blocked += RunBlocked;
  Complete = !nextSearchPrefix(Record);
  Prefix = std::move(Record);
}

} // namespace schedsan::run
