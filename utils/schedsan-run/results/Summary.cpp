//===- Summary.cpp - The text report of a campaign ------------------------===//
//
// FILE:
//    utils/schedsan-run/results/Summary.cpp
//
// DESCRIPTION:
//    See Summary.h. Example (abridged; docs/runner.md has a whole one):
//
// clang-format off
//      schedsan run: ./use_before_init
//        runs      1000 (seeds 1..1000), 2 jobs, fork server, 0.52 s
//        strategy  pct, depth 3
//        result    988 passed, 12 failed, 0 timed out: 1 signature
//        steps     mean 13.8, max 14 per run
//        threads   mean 3.00, max 3 per run
//        decisions mean 5.2, max 9 per run (points with 2 or more ...)
//
//      failure 1 of 1: assertion failure at use_before_init.c:26:22 in use
//        hits      12 of 1000 runs = 1.20 % (95 % CI 0.69 % .. 2.09 %)
//        first     seed 1
//        replay    schedsan replay /tmp/schedsan-run.Ab12/seed-1.trace -- ...
//
//      PCT bound (Burckhardt et al. 2010): ...
// clang-format on
//===----------------------------------------------------------------------===//
#include "results/Summary.h"
#include "cli/Options.h"
#include "explore/Portfolio.h"

#include <cstdarg>

namespace schedsan::run {

namespace {

std::string format(const char *Fmt, ...) {
  char Buf[1024];
  va_list Args;
  va_start(Args, Fmt);
  vsnprintf(Buf, sizeof(Buf), Fmt, Args);
  va_end(Args);
  return Buf;
}

std::string percent(double P) {
  return P > 0 && P < 0.0001 ? format("%.2g %%", 100 * P)
                             : format("%.2f %%", 100 * P);
}

std::string probability(double P) {
  if (P == 0)
    return "< 1e-300";
  return format(P < 0.001 ? "%.1e" : "%.4f", P);
}

std::string pctBound(const CampaignInfo &I, const Totals &T) {
  const uint64_t R = T.Passed, N = T.ThreadsMax, K = T.KMax;
  std::string Out = format(
      "\nPCT bound (Burckhardt et al., ASPLOS 2010, Thm. 9): a bug of depth d "
      "is missed\nby R = %llu clean runs with probability at most "
      "(1 - 1/(n k^(d-1)))^R,\nwith n = %llu threads and k = %llu steps (the "
      "largest of any run):\n",
      (unsigned long long)R, (unsigned long long)N, (unsigned long long)K);
  for (int D = 1; D <= 3; ++D)
    Out += format("  d=%d  per run >= %-9.3g  missed <= %-9s  (runs for <= "
                  "1 %%: %.0f)\n",
                  D, pctPerRun(N, K, D),
                  probability(pctMissBound(N, K, D, R)).c_str(),
                  pctRunsFor(N, K, D, 0.01));
  Out += format("  (the theorem holds for runs made with depth=d; these runs "
                "used depth=%d)\n",
                T.Depth);
  (void)I;
  return Out;
}

// "N schedules explored; the search is complete: every schedule ..." or
// why it is not.
std::string searchText(const CampaignInfo &I, const Totals &T) {
  std::string Out = format("%llu schedule%s explored",
                           (unsigned long long)I.SchedulesExplored,
                           I.SchedulesExplored == 1 ? "" : "s");
  if (I.SchedulesBlocked)
    Out += format(" (%llu of them cut short by sleep sets)",
                  (unsigned long long)I.SchedulesBlocked);
  Out += "; ";
  if (I.SearchComplete) {
    std::string Bound =
        I.PreemptionBound < 0 ? ""
        : I.Script.empty()
            ? format(" with at most %d preemption%s", I.PreemptionBound,
                     I.PreemptionBound == 1 ? "" : "s")
            : format(" within a context bound of %d", I.PreemptionBound);
    return Out + "the search is complete: every schedule" +
           (I.Script.empty() ? "" : " the script allows") + Bound;
  }
  if (I.Interrupted)
    return Out + "not complete: interrupted";
  if (I.UntilBug && T.Failed + T.Timeouts)
    return Out + "not complete: stopped at the first failure";
  return Out + format("not complete after %llu runs",
                      (unsigned long long)I.SchedulesExplored);
}

} // namespace

std::string seedText(const CampaignInfo &I, const Totals &T) {
  uint64_t Last = I.SeedBase + (I.Runs ? I.Runs - 1 : 0);
  if (I.Search) // the seeds of the schedules it ran
    Last = T.Runs ? T.SeedMax : I.SeedBase;
  std::string Range = format("seeds %llu..%llu", (unsigned long long)I.SeedBase,
                             (unsigned long long)Last);
  if (I.ShardCount > 1) {
    std::string List;
    for (unsigned S : I.Shards)
      List += (List.empty() ? "" : ",") + std::to_string(S);
    Range = (I.Shards.size() == 1 ? "shard " : "shards ") + List + "/" +
            std::to_string(I.ShardCount) + " of " + Range;
    if (I.Shards.size() == 1)
      Range += format(" (every %u-th from %llu)", I.ShardCount,
                      (unsigned long long)(I.SeedBase + I.Shards[0]));
  }
  if (T.Runs && I.UntilBug && T.Failed + T.Timeouts)
    Range += format("; stopped at seed %llu, the first failure",
                    (unsigned long long)T.SeedMax);
  else if (I.Saturated)
    Range += format("; stopped at seed %llu: saturated, %llu runs in a row "
                    "added no new event pair",
                    (unsigned long long)T.SeedMax,
                    (unsigned long long)I.UntilSaturated);
  if (I.Interrupted)
    Range += "; interrupted";
  return Range;
}

int exitStatus(const Campaign &C, const Totals &T) {
  if (T.Failed + T.Timeouts || C.Info.LearnFailures)
    return 1;
  return C.Info.Interrupted ? 130 : 0;
}

// "  portfolio pct d=1 167 runs, 3 failed; ..." (empty without members).
std::string portfolioText(const Totals &T) {
  std::string Out;
  for (const PortfolioMember &M : kPortfolio) {
    auto It = T.ByMember.find(M.Label);
    if (It == T.ByMember.end())
      continue;
    Out += (Out.empty() ? "  portfolio " : "; ") + std::string(M.Label) + " " +
           std::to_string(It->second.first) +
           (It->second.first == 1 ? " run, " : " runs, ") +
           std::to_string(It->second.second) + " failed";
  }
  return Out.empty() ? Out : Out + "\n";
}

namespace {

// "2 of 16 sites are decisions (shared in 20 learning runs, 1 of which
// failed)": the memory accesses at other sites are none.
std::string sitesText(const CampaignInfo &I) {
  std::string Out =
      std::to_string(I.SiteIds.size()) +
      (I.SitesTotal ? " of " + std::to_string(I.SitesTotal) : "") +
      " sites are decisions";
  if (I.LearnRuns)
    Out += " (shared in " + std::to_string(I.LearnRuns) + " learning runs" +
           (I.LearnFailures ? ", " + std::to_string(I.LearnFailures) +
                                  " of which failed: see above"
                            : "") +
           ")";
  else
    Out += " (from " + optionValue(I.Options, "decision_sites") + ")";
  return Out;
}

// "  note      N of <Of> were not exactly replayable (...)".
std::string notReplayableNote(uint64_t N, const std::string &Of) {
  return format("  note      %llu of %s %s not exactly replayable (a "
                "thread ran outside the schedule: released by the watchdog, "
                "or in a signal handler)\n",
                (unsigned long long)N, Of.c_str(), N == 1 ? "was" : "were");
}

} // namespace

std::string summaryText(const Campaign &C, const Totals &T) {
  const CampaignInfo &I = C.Info;
  std::string Out = "schedsan run: " + shellJoin(I.Command) + "\n";
  Out += format("  runs      %llu (%s), %u job%s, %s, %.2f s, %.0f runs/s\n",
                (unsigned long long)T.Runs, seedText(I, T).c_str(), I.Jobs,
                I.Jobs == 1 ? "" : "s", I.Mode.c_str(), I.Seconds,
                I.Seconds > 0 ? T.Runs / I.Seconds : 0.0);
  // A strategy run as others (the portfolio): no one strategy's figures.
  const bool Mix = I.Effective && I.Effective->has(RunnerOnly);
  const bool Portfolio = I.Effective && I.Effective->is(StrategyId::portfolio);
  std::string Strategy = Portfolio             ? portfolioName()
                         : !T.Strategy.empty() ? T.Strategy
                         : !I.Strategy.empty() ? I.Strategy
                                               : "the program's default";
  std::string K = I.K ? std::to_string(I.K) : optionValue(I.Options, "k");
  Out += format(
      "  strategy  %s, depth %d%s%s\n", Strategy.c_str(), T.Depth,
      K.empty() ? "" : (", k " + K).c_str(),
      I.Options.empty() ? "" : (", options " + shellJoin(I.Options)).c_str());
  Out += format("  result    %llu passed, %llu failed, %llu timed out",
                (unsigned long long)T.Passed, (unsigned long long)T.Failed,
                (unsigned long long)T.Timeouts);
  if (T.ScriptTimeouts || !I.Script.empty())
    Out +=
        format(", %llu script timeout%s", (unsigned long long)T.ScriptTimeouts,
               T.ScriptTimeouts == 1 ? "" : "s");
  if (!T.Groups.empty())
    Out += format(": %zu signature%s", T.Groups.size(),
                  T.Groups.size() == 1 ? "" : "s");
  Out += "\n";
  if (I.Search)
    Out += "  search    " + searchText(I, T) + "\n";
  else if (!I.Script.empty())
    Out += format("  search    %llu schedules explored; --search random is "
                  "never complete\n",
                  (unsigned long long)T.Runs);
  Out += portfolioText(T);
  if (T.WithStats) {
    Out += format("  steps     mean %.1f, max %llu per run\n",
                  double(T.StepsSum) / T.WithStats,
                  (unsigned long long)T.StepsMax);
  }
  if (T.WithThreads) {
    Out += format("  threads   mean %.2f, max %llu per run\n",
                  double(T.ThreadsSum) / T.WithThreads,
                  (unsigned long long)T.ThreadsMax);
  }
  if (T.WithStats && T.KMax) // points where 2+ threads were enabled
    Out += format("  decisions mean %.1f, max %llu per run (points with 2 or "
                  "more threads enabled)\n",
                  double(T.KSum) / T.WithStats, (unsigned long long)T.KMax);
  else if (T.WithStats && T.WithThreads && T.ThreadsMax <= 1)
    Out += "  decisions none: no run started a second thread, so there was "
           "nothing to schedule\n";
  else if (T.WithStats)
    Out += "  decisions none: no run had two threads enabled at one "
           "scheduling point, so every run followed the same schedule (code "
           "built without schedsan-clang, such as a library's, runs unseen "
           "between points)\n";
  if (T.NotReplayable)
    Out += notReplayableNote(
        T.NotReplayable,
        format("the %llu runs", (unsigned long long)T.WithStats));
  if (I.SitesFiltered)
    Out += "  sites     " + sitesText(I) + "\n";
  if (C.Cov.Enabled)
    Out += "  coverage  " + C.Cov.summaryText() + "\n";
  if (C.Rff.Enabled)
    Out += "  rff       " + C.Rff.summaryText() + "\n";
  for (size_t G = 0; G != T.Groups.size(); ++G) {
    const FailureGroup &F = T.Groups[G];
    const RunRecord &R = F.First;
    double Lo, Hi;
    wilson(F.Hits, T.Runs, Lo, Hi);
    Out += format("\nfailure %zu of %zu: %s\n", G + 1, T.Groups.size(),
                  F.Signature.c_str());
    Out += format("  hits      %llu of %llu runs = %s (95 %% CI %s .. %s)\n",
                  (unsigned long long)F.Hits, (unsigned long long)T.Runs,
                  percent(double(F.Hits) / T.Runs).c_str(), percent(Lo).c_str(),
                  percent(Hi).c_str());
    Out += format("  first     seed %llu%s\n", (unsigned long long)R.Seed,
                  R.Member.empty() ? "" : (", by " + R.Member).c_str());
    Out += "  schedule  " +
           (R.Trace.empty() ? "(none: the run wrote no schedule)" : R.Trace) +
           "\n";
    Out += "  report    " +
           (R.StderrPath.empty() ? "(none: the run wrote nothing to stderr)"
                                 : R.StderrPath) +
           "\n";
    if (!R.Trace.empty())
      Out += "  replay    " + replayCommand(I, R) + "\n";
    if (F.NotReplayable)
      Out += notReplayableNote(F.NotReplayable, "these runs");
  }
  if (T.Reported && T.Reported->has(UsesK) && !Mix && T.KMax && T.ThreadsMax)
    Out += pctBound(I, T);
  return Out;
}

} // namespace schedsan::run
