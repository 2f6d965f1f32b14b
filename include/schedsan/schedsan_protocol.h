/*===- schedsan_protocol.h - What the runtime and the tools agree on ------===*
 *
 * FILE:
 *    include/schedsan/schedsan_protocol.h
 *
 * DESCRIPTION:
 *    The strings and numbers by which the runtime (runtime/) and the tools
 *    (the runner utils/schedsan-run, the wrapper utils/schedsan-cc) talk to
 *    each other: environment variables, the fork-server protocol, the
 *    report lines and keys the runner reads from a run's stderr and trace,
 *    and the symbols it looks for in a program. Each is written here once;
 *    the side that prints a line and the side that reads it both use the
 *    constant, so neither can change it alone.
 *
 *    Plain string-literal macros (and one number), so that they join other
 *    literals in printf formats (rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR
 *    "...")) and need nothing from a C or C++ library: usable in the
 *    runtime, in C, and in the tools.
 *
 *    Options themselves (names, defaults, ranges, which ones the runner sets
 *    per run) are in common/schedsan_flags.inc, the strategy names in
 *    common/Strategies.def; both sides include those lists.
 *===----------------------------------------------------------------------===*/
#ifndef SCHEDSAN_PROTOCOL_H
#define SCHEDSAN_PROTOCOL_H

/* The tool's name in reports, as the sanitizers print theirs. */
#define SCHEDSAN_TOOL_NAME "ScheduleSanitizer"

/*===----------------------------------------------------------------------===
 * 1. Environment variables
 *===----------------------------------------------------------------------===*/
/* The runtime options, key=value:key=value (common/schedsan_flags.inc). */
#define SCHEDSAN_ENV_OPTIONS "SCHEDSAN_OPTIONS"
/* Set by the runner to <ctl_fd>,<st_fd>: serve runs by fork (section 2).
 * The runner also takes its presence in a program's file as the sign that
 * the runtime has a fork server. */
#define SCHEDSAN_ENV_FORKSERVER "SCHEDSAN_FORKSERVER"
/* Set by the runtime for its own re-execution without address-space
 * randomization (runtime/core/schedsan_aslr.cpp), removed again at once. */
#define SCHEDSAN_ENV_ASLR_REEXEC "SCHEDSAN_ASLR_REEXEC"
/* <schedsan/check.h>: the number of runs of every check that does not set
 * its own (CI), and the one check and seed to run again,
 * "<name> seed=<N>", which a failing check prints in its replay command. */
#define SCHEDSAN_ENV_CHECK_RUNS "SCHEDSAN_CHECK_RUNS"
#define SCHEDSAN_ENV_CHECK_REPLAY "SCHEDSAN_CHECK_REPLAY"
#define SCHEDSAN_CHECK_REPLAY_SEED " seed="

/*===----------------------------------------------------------------------===
 * 2. Fork server (runtime/forkserver/schedsan_forkserver.cpp, and
 *    utils/schedsan-run/campaign/ForkServer.cpp). One line each, fields
 *    separated by one space:
 *      program -> runner (st_fd):  HELLO VERSION
 *      runner -> program (ctl_fd): RUN <seed> <stdout> <stderr> <options>
 *      runner -> program:          KILL <signo>   (while a run goes on;
 *                                  sent with SCHEDSAN_TIMEOUT_SIGVAL)
 *      program -> runner:          EXIT <code> <pid> | SIGNAL <signo> <pid>
 *                                  | LOST <pid>
 *    A path or the options may be NONE (inherit the server's; no options).
 *===----------------------------------------------------------------------===*/
#define SCHEDSAN_FORKSERVER_HELLO "hello schedsan-forkserver"
/* Raised whenever a line above changes meaning: a runner refuses a server
 * of another version (and runs one exec per run). */
#define SCHEDSAN_FORKSERVER_VERSION 3
#define SCHEDSAN_FORKSERVER_RUN "run"
#define SCHEDSAN_FORKSERVER_KILL "kill"
#define SCHEDSAN_FORKSERVER_EXIT "exit"
#define SCHEDSAN_FORKSERVER_SIGNAL "signal"
#define SCHEDSAN_FORKSERVER_LOST "lost"
#define SCHEDSAN_FORKSERVER_NONE "-"

/*===----------------------------------------------------------------------===
 * 3. Report lines on stderr. Most start with ==<pid>==, which tells the
 *    run's own lines from those of the processes it started.
 *===----------------------------------------------------------------------===*/
/* The tool's name before what it says: after ERROR:, WARNING: and
 * SUMMARY:, and alone in a note after another tool's report
 * (==PID==ScheduleSanitizer: the run exited with status ...). */
#define SCHEDSAN_REPORT_TOOL SCHEDSAN_TOOL_NAME ": "
/* ==PID==ERROR: ScheduleSanitizer: <what> -- a report, or a refusal to run
 * (options, trace files; exit status 2). */
#define SCHEDSAN_REPORT_ERROR "ERROR: " SCHEDSAN_REPORT_TOOL
/* ==PID==WARNING: ScheduleSanitizer: <what> -- the run goes on. */
#define SCHEDSAN_REPORT_WARNING "WARNING: " SCHEDSAN_REPORT_TOOL
/* SUMMARY: ScheduleSanitizer: <kind> <location> -- a report's last line. */
#define SCHEDSAN_REPORT_SUMMARY "SUMMARY: " SCHEDSAN_REPORT_TOOL
/* ==PID==ScheduleSanitizer: the error above happened under strategy=S
 * seed=N after <steps> scheduling steps -- after a report of the program's
 * own (an assertion, a sanitizer's). */
#define SCHEDSAN_REPORT_ERROR_ABOVE                                            \
  SCHEDSAN_REPORT_TOOL "the error above happened under "
/* ==PID==Schedule trace: <path>, or a text in parentheses if none. */
#define SCHEDSAN_REPORT_TRACE "Schedule trace: "
/* ==PID==WARNING: ScheduleSanitizer: replay of <trace> diverged at ... */
#define SCHEDSAN_REPORT_REPLAY_OF "replay of "
#define SCHEDSAN_REPORT_DIVERGED " diverged at "
/* A bad option's error names where it came from: "<what> in <source>";
 * the source of what the environment (the runner) gave is this one. */
#define SCHEDSAN_REPORT_IN_OPTIONS " in " SCHEDSAN_ENV_OPTIONS
/* The first line of SCHEDSAN_OPTIONS=help=1's output. */
#define SCHEDSAN_REPORT_HELP SCHEDSAN_TOOL_NAME " options"

/* ==PID==ScheduleSanitizer: the report was cut short: <signal> -- a fatal
 * signal (schedsan run's SIGABRT at --timeout) came while a report gathered
 * its threads and stacks; its SUMMARY, trace and replay lines follow, so the
 * run is the report's failure, not a timeout. */
#define SCHEDSAN_REPORT_CUT_SHORT                                              \
  SCHEDSAN_REPORT_TOOL "the report was cut short: "

/* ==PID==ScheduleSanitizer: script timeout: <what> -- a test script's
 * select could not be satisfied; the run ends (exit status 0) and counts
 * neither as a bug nor as a pass. */
#define SCHEDSAN_REPORT_SCRIPT_TIMEOUT SCHEDSAN_REPORT_TOOL "script timeout: "

/* ==PID==WARNING: ScheduleSanitizer: the run did not follow the choices in
 * search_file=<path> (...) -- a systematic search's run did not repeat the
 * choices of the run its prefix came from. */
#define SCHEDSAN_REPORT_SEARCH_DIVERGED                                        \
  "the run did not follow the choices in search_file="

/* The first line of a run's coverage_file=
 * (runtime/observe/schedsan_coverage.h); then one event pair a line, "<where e>
 * <where f>" (e went before f); other lines that start with # are comments. */
#define SCHEDSAN_COVERAGE_HEADER "# schedsan coverage v1"

/* The first line of a run's rf_file= (runtime/observe/schedsan_readsfrom.h),
 * then SCHEDSAN_RF_NOTE; then one reads-from pair a line, "<W> <R>" (event keys
 * S@T, site id S in thread T: the read R read from the write W; 0: from no
 * write of the run); then, per rf_constraints= entry i (0-based, in the
 * given order), SCHEDSAN_RF_HELD "<i> <0|1>": whether the run held it.
 * Other lines that start with # are comments. */
#define SCHEDSAN_RF_HEADER "# schedsan reads-from v2"
#define SCHEDSAN_RF_NOTE                                                       \
  "# <W> <R>: the read R read from the write W (S@T: site S in thread T; "     \
  "0: no write in this run), byte by byte; same-thread pairs left out"
#define SCHEDSAN_RF_HELD "# held "
/* The first line of a run's shared_sites_file= and of a decision_sites=
 * file (runtime/observe/schedsan_shared.h,
 * runtime/observe/schedsan_decision.h); then one decimal site id a line (lines
 * that start with # are comments). A run with shared_sites_file= and verbosity
 * >= 1 also prints, at its end,
 * ==PID==schedsan shared sites: <written> of <the binary's sites> (a line of
 * its own: not the run's summary). */
#define SCHEDSAN_SHARED_SITES_HEADER "# schedsan shared sites v1"
#define SCHEDSAN_SHARED_SITES_TAG "schedsan shared sites: "

/* The kinds of bug a report names (ERROR and SUMMARY lines). */
#define SCHEDSAN_KIND_ASSERTION "assertion failure"
#define SCHEDSAN_KIND_ABORT "abort"
#define SCHEDSAN_KIND_SIGNAL "fatal signal"
#define SCHEDSAN_KIND_DEADLOCK "deadlock"
#define SCHEDSAN_KIND_LIVELOCK "livelock"
/* A run stopped at schedsan run's or replay's --timeout: they send it
 * SIGABRT by sigqueue with SCHEDSAN_TIMEOUT_SIGVAL as its value (the fork
 * server for the runs it forks), and its report then names a timeout, not
 * an abort. */
#define SCHEDSAN_KIND_TIMEOUT "timeout"
#define SCHEDSAN_TIMEOUT_SIGVAL 0x54494d45 /* "TIME" */

/*===----------------------------------------------------------------------===
 * 4. Keys of a run's numbers. A run's one-line summary at exit (verbosity
 *    >= 1) is ==PID==SCHEDSAN_SUMMARY_TAG followed by key=value fields; a
 *    report's statistics line and a trace's header line (# key=value ...)
 *    use the same keys. The runner reads these.
 *===----------------------------------------------------------------------===*/
#define SCHEDSAN_SUMMARY_TAG "schedsan: "
#define SCHEDSAN_KEY_STRATEGY "strategy"
#define SCHEDSAN_KEY_SEED "seed"
#define SCHEDSAN_KEY_THREADS "threads"
#define SCHEDSAN_KEY_STEPS "steps"
/* PCT's k: the points with more than one enabled thread. */
#define SCHEDSAN_KEY_K "k"
/* yes/no in the summary, 1/0 in a trace; absent in a report. */
#define SCHEDSAN_KEY_REPLAYABLE "replayable"

/*===----------------------------------------------------------------------===
 * 5. Symbols the runner looks for in a program's file: both survive strip
 *    (they are exported for instrumented shared libraries).
 *===----------------------------------------------------------------------===*/
/* The prefix of every hook and runtime symbol (schedsan_interface.def). */
#define SCHEDSAN_SYMBOL_PREFIX "__schedsan_"
/* The runtime's: the strategy the program was built with, a string. */
#define SCHEDSAN_SYMBOL_DEFAULT_STRATEGY                                       \
  SCHEDSAN_SYMBOL_PREFIX "default_strategy"
/* The pass's: the hook each instrumented module's constructor calls. */
#define SCHEDSAN_SYMBOL_INIT_MODULE SCHEDSAN_SYMBOL_PREFIX "init_module"

#endif /* SCHEDSAN_PROTOCOL_H */
