/*===- schedsan_check_abi.h - What schedsan::check asks the runtime -------===*
 *
 * FILE:
 *    include/schedsan/schedsan_check_abi.h
 *
 * DESCRIPTION:
 *    The C functions and structs by which <schedsan/check.h> runs a body
 *    under many schedules (runtime/schedsan_check*.cpp does the work), and
 *    the symbol by which a program says it uses check.h.
 *
 *    A program that defines __schedsan_check_used (check.h does, weak)
 *    starts uncontrolled: every hook and interceptor passes through until
 *    __schedsan_check forks a child per run, in which the calling thread
 *    becomes the run's main thread. See docs/checks.md, "<schedsan/check.h>".
 *===----------------------------------------------------------------------===*/
#ifndef SCHEDSAN_CHECK_ABI_H
#define SCHEDSAN_CHECK_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How __schedsan_check ended (schedsan_check_result.outcome). */
enum {
  SCHEDSAN_CHECK_PASS = 0,    /* every run passed */
  SCHEDSAN_CHECK_BUG = 1,     /* a run failed: report, exit status, signal */
  SCHEDSAN_CHECK_TIMEOUT = 2, /* a run outlived timeout_ms and was killed */
  SCHEDSAN_CHECK_REFUSED = 3, /* bad options or a call it cannot serve */
  SCHEDSAN_CHECK_SKIPPED = 4, /* a replay of another check is going on */
  SCHEDSAN_CHECK_IN_RUN = 5   /* the process is one controlled run already:
                                 the body ran once, in that run */
};

/* What a check asks for; zero or null: the default. */
struct schedsan_check_options {
  const char *name;       /* names the check in reports and replays */
  uint64_t runs;          /* 0: SCHEDSAN_CHECK_RUNS, else 100 */
  const char *strategy;   /* a strategy name or "portfolio" (default) */
  uint64_t seed_base;     /* run i has seed seed_base + i */
  uint32_t depth;         /* PCT/swarm depth (not with the portfolio) */
  uint32_t timeout_ms;    /* per run; 0: 10000 */
  const char *replay_arg; /* appended to the replay command (a test
                             framework's filter), or null */
};

/* What it found. Strings are empty when they do not apply. */
struct schedsan_check_result {
  int outcome;       /* SCHEDSAN_CHECK_* */
  uint64_t runs;     /* runs done */
  uint64_t seed;     /* the failing run's seed */
  char strategy[64]; /* its strategy ("pct d=2" in the portfolio) */
  char message[512]; /* one line: what happened */
  char replay[4096]; /* the command that runs just that seed again */
};

/* Runs body(arg) under the options' schedules, one forked child each;
 * returns when one fails or all have passed. */
void __schedsan_check(const struct schedsan_check_options *options,
                      void (*body)(void *), void *arg,
                      struct schedsan_check_result *result);

/* <schedsan/check.h> defines `char __schedsan_check_used` (weak):
 * the runtime tests its presence at start-up
 * (runtime/check/schedsan_check.cpp). */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SCHEDSAN_CHECK_ABI_H */
