//===- Help.cpp - The --help texts of the subcommands ---------------------===//
//
// FILE:
//    utils/schedsan-run/cli/Help.cpp
//
// DESCRIPTION:
//    See Help.h. {strategies} in a text stands for the strategy names
//    (filled in by the parser that prints it).
//===----------------------------------------------------------------------===//
#include "cli/Help.h"

namespace schedsan::run {

const char *RunHelp = R"(usage: schedsan run [options] -- PROGRAM [ARGS...]

Runs PROGRAM (built with schedsan-clang -fsanitize-schedule=...) once per
seed, in parallel, and reports the failures grouped by signature, with the
command that replays each one, and the event pairs (ordered pairs of racing
events) the runs covered.

  -n, --runs N          runs of the campaign (default 1000); seeds
                        SEED_BASE .. SEED_BASE+N-1
  -j, --jobs N          parallel workers (default: the available CPUs)
      --strategy S      {strategies}
                        (default: the one the program was built with);
                        rff learns from run to run which reads-from
                        constraints to impose (rf_constraints=, printed in
                        each failure's replay command)
      --depth D         bug depth d (PCT change points, swarm weight changes)
      --preemption-bound N
                        dfs: only the schedules with at most N preemptions
      --reduction R     dfs: none (default) or sleep (sleep sets: skip
                        schedules that only reorder independent events)
      --script NAME     run the program's test script NAME
      --search S        with --script: dfs (default) searches every schedule
                        the script allows, random runs seeds
      --context-bound N with --script: the script oracle's context bound
  -o, --option K=V      any other runtime option (SCHEDSAN_OPTIONS key),
                        repeatable; K=V:K=V also works
      --timeout SECS    kill a run after SECS seconds and report it as a
                        timeout (default 60; 0: no limit)
      --until-bug       stop at the first failing seed (default)
      --count           run every seed and count the failures
      --until-saturated[=W]
                        stop once W runs in a row (by seed) covered no new
                        event pair (default W 1000); runs every seed as
                        --count does unless --until-bug is given too; -n is
                        then a cap (default 1000000)
      --no-coverage     do not ask the runs for their event pairs (the
                        ordered pairs of racing events they executed)
      --decision-sites all|shared|FILE
                        which memory accesses are scheduling decisions:
                        all (default); shared: first --learn-runs runs
                        (seeds SEED_BASE.., random walk) learn the sites
                        that touch memory another thread touches, written
                        to OUT/decision-sites, and only those decide in
                        the campaign (the others' threads go on); FILE: a
                        site set from an earlier campaign
      --learn-runs N    learning runs of --decision-sites=shared (default
                        20)
      --seed-base N     first seed (default 1)
      --shard I/N       run only the I-th of N disjoint slices of the seeds
                        (SEED_BASE+I, +I+N, ...); merge the JSON files with
                        'schedsan merge'
      --json FILE       write the results as JSON
      --junit FILE      write the results as JUnit XML
      --out DIR         keep failing runs' stdout, stderr and schedule here
                        (default: a new directory in $TMPDIR, kept only if a
                        run failed)
      --keep N          keep the files of the N lowest failing seeds of
                        each signature (default 10; 0: all)
      --no-fork-server  one exec per run instead of one fork per run
      --minimize        minimize each failure group's first schedule
                        ('schedsan minimize')
      --timeline DIR    after the campaign, replay each signature's first
                        failure and draw it: DIR/<seed>.html and
                        DIR/<seed>.json (see 'schedsan replay --timeline')
      --gtest           PROGRAM is a GoogleTest binary: each of its test
                        cases (--gtest_list_tests) is a campaign of its own,
                        run with --gtest_filter=Suite.Case; the options
                        above apply to each case; default strategy:
                        portfolio; a line per case, the failing cases'
                        summaries, then "N cases: P passed, F failed"
      --catch2          the same for a Catch2 v2 binary (each case run by
                        its name as a test spec, special characters escaped)
      --cases PATTERN   with --gtest/--catch2: the cases to run, in
                        GoogleTest's filter syntax on their full names
                        (POS1:POS2-NEG1:NEG2, globs * and ?, \ escapes); a
                        pattern that matches no case is an error
      --list-cases      with --gtest/--catch2: print the (selected) cases'
                        full names, one a line, and run none
  -h, --help            this text

Exit status: 0 no failure, 1 failures (or timeouts) found (with --gtest or
--catch2: a case failed), 2 usage or set-up error, 130 interrupted without a
failure.
)";

const char *ReplayHelp =
    R"(usage: schedsan replay [options] TRACE -- PROGRAM [ARGS...]

Re-runs PROGRAM following the schedule in TRACE (a failing run's trace; its
'# strategy=S seed=N' header gives the strategy and seed), so the failure and
its report happen again. A replay that diverged and failed writes its own
trace into TRACE's directory.

  --depth D          the depth the failing run used (if not the default)
  -o, --option K=V   a runtime option the failing run used, repeatable
  --timeout SECS     a replay still going after SECS gets SIGABRT (the
                     runtime reports where each thread is), then SIGKILL
                     0.5 s later; it counts as a failure (default 60, 0:
                     no limit), so a timeout's trace replays as a timeout
  --timeline FILE    draw the replayed schedule as one HTML page (a lane per
                     thread, every event, switches, blocked intervals, the
                     failing event; open it in a browser)
  --chrome-trace FILE  the same schedule in the Trace Event Format
                     (Perfetto, chrome://tracing)
  -h, --help         this text

Exit status: 1 the run failed (reproduced), 0 it did not, 2 set-up error.
)";

const char *MinimizeHelp =
    R"(usage: schedsan minimize [options] TRACE -- PROGRAM [ARGS...]

Looks for a schedule with the fewest preemptions (then context switches)
that fails like TRACE, by replaying schedules made of fewer of its
decisions, and writes it as a trace; then replays that one 20 times.

  --out FILE         the minimized trace (default: TRACE with .min.trace)
  --max-replays N    replays of candidate schedules at most (default 200)
  --depth D, -o K=V, --timeout SECS   as for 'schedsan replay'
  -h, --help         this text

Exit status: 0 the minimized trace failed alike in every replay, 1 it did
not, 2 set-up error (or TRACE does not fail when replayed).
)";

const char *MergeHelp = R"(usage: schedsan merge [options] A.json B.json ...

Combines the JSON results of 'schedsan run --shard I/N --json ...' into the
results of one campaign: same runs, failures, hit ratios and bounds as the
run without --shard.

  --json FILE    write the merged results as JSON
  --junit FILE   write the merged results as JUnit XML
  -h, --help     this text

Exit status: 0 no failure, 1 failures, 2 unreadable or inconsistent inputs.
)";

} // namespace schedsan::run
