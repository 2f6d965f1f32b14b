//===- schedsan_check_parent.cpp - A check's runs, seen from the parent ---===//
//
// FILE:
//    runtime/check/schedsan_check_parent.cpp
//
// DESCRIPTION:
//    __schedsan_check (include/schedsan/schedsan_check_abi.h), which
//    <schedsan/check.h> calls. In a deferred process
//    (schedsan_check_mode.h) it resolves the options, then forks one child
//    per seed: the child's stdout and stderr go to a memory file, the
//    child starts its run (startCheckRun), runs the body and ends the run
//    (endCheckRun). The
//    parent, still uncontrolled, waits for each child up to the timeout
//    (then kills it) and stops at the first failure: it prints the child's
//    output (the runtime's report), a line naming the run and the command
//    that runs that seed alone again, and returns them in the result.
//
//    Seed s runs strategy `strategy`, or the portfolio's member s mod 6
//    (schedsan_portfolio.def, as `schedsan run --strategy portfolio`). The
//    first seed's run measures k, which every later run starts from, so a
//    seed with the check's options is an identity: a replay of a later
//    seed runs the first one again for its k.
//
//    In a process that is one controlled run already (`schedsan run`, a
//    seed in SCHEDSAN_OPTIONS) the body runs once, in that run. Refused
//    (outcome REFUSED, the reason on stderr): bad options, a call from a
//    thread other than main, a call from inside a check's body.
//===----------------------------------------------------------------------===//
#include "PortfolioTable.h"
#include "ReadsFrom.h"
#include "check/schedsan_check.h"
#include "core/schedsan_check_mode.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_init.h"
#include "core/schedsan_interception.h"
#include "core/schedsan_log.h"
#include "core/schedsan_rt.h"
#include "schedsan/schedsan_check_abi.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

namespace schedsan {

namespace {

constexpr uint64_t kDefaultRuns = 100;
constexpr uint32_t kDefaultTimeoutMs = 10000;
constexpr uint32_t kMaxDepth = 1000; // as the depth option's range

// A check's options, resolved.
struct Plan {
  const char *Name = nullptr;
  uint64_t Runs = 0;
  const char *Strategy = nullptr; // null: the portfolio
  uint64_t SeedBase = 0;
  uint32_t Depth = 0; // 0: the strategy's default
  uint32_t TimeoutMs = 0;
  const char *ReplayArg = nullptr;
  // SCHEDSAN_CHECK_REPLAY names this check: only seed Only runs (after
  // SeedBase's, whose run measures its k).
  bool Replaying = false;
  uint64_t Only = 0;
};

void setMessage(schedsan_check_result *R, int Outcome, const char *Fmt,
                va_list Args) {
  R->outcome = Outcome;
  vsnprintf(R->message, sizeof(R->message), Fmt, Args);
}

void finish(schedsan_check_result *R, int Outcome, const char *Fmt, ...)
    __attribute__((format(printf, 3, 4)));
void finish(schedsan_check_result *R, int Outcome, const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  setMessage(R, Outcome, Fmt, Args);
  va_end(Args);
}

// A refusal: the result says why, and so does stderr.
bool refuse(schedsan_check_result *R, const char *Fmt, ...)
    __attribute__((format(printf, 2, 3)));
bool refuse(schedsan_check_result *R, const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  setMessage(R, SCHEDSAN_CHECK_REFUSED, Fmt, Args);
  va_end(Args);
  rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "check: %s\n", (int)getpid(),
            R->message);
  return false;
}

bool parseU64(const char *S, uint64_t &V) {
  if (!S || *S < '0' || *S > '9')
    return false;
  char *End;
  errno = 0;
  unsigned long long N = strtoull(S, &End, 10);
  V = N;
  return !*End && errno == 0;
}

// SCHEDSAN_CHECK_REPLAY="<name> seed=<N>": this check runs seed N alone;
// any other check is skipped (false, with the result set).
bool applyReplay(Plan &P, schedsan_check_result *R) {
  const char *Env = getenv(SCHEDSAN_ENV_CHECK_REPLAY);
  if (!Env)
    return true;
  const char *Sep = nullptr;
  for (const char *S = strstr(Env, SCHEDSAN_CHECK_REPLAY_SEED); S;
       S = strstr(S + 1, SCHEDSAN_CHECK_REPLAY_SEED))
    Sep = S;
  uint64_t Seed;
  if (!Sep || Sep == Env ||
      !parseU64(Sep + sizeof(SCHEDSAN_CHECK_REPLAY_SEED) - 1, Seed))
    return refuse(R,
                  "bad value '%s' for " SCHEDSAN_ENV_CHECK_REPLAY
                  " (expected '<check name>" SCHEDSAN_CHECK_REPLAY_SEED "<N>')",
                  Env);
  const size_t NameLen = Sep - Env;
  if (strlen(P.Name) != NameLen || strncmp(P.Name, Env, NameLen)) {
    finish(R, SCHEDSAN_CHECK_SKIPPED,
           "skipped: " SCHEDSAN_ENV_CHECK_REPLAY " replays another check");
    return false;
  }
  P.Runs = 1;
  P.Only = Seed;
  P.Replaying = true;
  return true;
}

// The options, checked; false (with the result set) to stop.
bool makePlan(const schedsan_check_options *O, Plan &P,
              schedsan_check_result *R) {
  P.Name = O->name && *O->name ? O->name : nullptr;
  if (!P.Name)
    return refuse(R, "option 'name' is empty");
  P.Runs = O->runs;
  if (!P.Runs) {
    const char *Env = getenv(SCHEDSAN_ENV_CHECK_RUNS);
    if (Env && (!parseU64(Env, P.Runs) || !P.Runs))
      return refuse(R,
                    "bad value '%s' for " SCHEDSAN_ENV_CHECK_RUNS
                    " (a number of runs, at least 1)",
                    Env);
    if (!Env)
      P.Runs = kDefaultRuns;
  }
  // The portfolio (the default) runs a member each seed; any other name must
  // be a runtime strategy.
  const StrategyInfo *Asked =
      O->strategy && *O->strategy ? findStrategy(O->strategy) : nullptr;
  if (O->strategy && *O->strategy &&
      !(Asked && Asked->is(StrategyId::portfolio))) {
    if (!Asked || !Asked->has(InRuntime))
      return refuse(R,
                    "bad value '%s' for option 'strategy' (accepted: "
                    "%s, %s)",
                    O->strategy, strategyInfo(StrategyId::portfolio).name,
                    strategyList());
    P.Strategy = O->strategy;
  }
  P.Depth = O->depth;
  if (P.Depth > kMaxDepth)
    return refuse(R, "bad value %u for option 'depth' (accepted: 1 to %u)",
                  P.Depth, kMaxDepth);
  if (P.Depth && !P.Strategy)
    return refuse(R,
                  "option 'depth=%u' needs option 'strategy': the "
                  "portfolio's members have their own depths",
                  P.Depth);
  P.SeedBase = O->seed_base;
  if (P.SeedBase + P.Runs < P.SeedBase)
    return refuse(R, "option 'seed_base=%llu' with %llu runs overflows",
                  (unsigned long long)P.SeedBase, (unsigned long long)P.Runs);
  P.TimeoutMs = O->timeout_ms ? O->timeout_ms : kDefaultTimeoutMs;
  P.ReplayArg = O->replay_arg && *O->replay_arg ? O->replay_arg : nullptr;
  return applyReplay(P, R);
}

// Seed's runtime options (with k, when one was measured) and the
// strategy's name in reports.
void seedOptions(const Plan &P, uint64_t Seed, uint64_t K, char *Options,
                 size_t Size, char *Label, size_t LabelSize) {
  char Strategy[64];
  if (!P.Strategy) {
    const PortfolioMember &M = portfolioMember(Seed);
    snprintf(Strategy, sizeof(Strategy), "%s", M.Options);
    snprintf(Label, LabelSize, "%s", M.Label);
  } else if (P.Depth) {
    snprintf(Strategy, sizeof(Strategy), "strategy=%s:depth=%u", P.Strategy,
             P.Depth);
    snprintf(Label, LabelSize, "%s d=%u", P.Strategy, P.Depth);
  } else {
    snprintf(Strategy, sizeof(Strategy), "strategy=%s", P.Strategy);
    snprintf(Label, LabelSize, "%s", P.Strategy);
  }
  int N = snprintf(Options, Size, "%s:seed=%llu", Strategy,
                   (unsigned long long)Seed);
  if (K && N > 0 && (size_t)N < Size)
    N += snprintf(Options + N, Size - N, ":k=%llu", (unsigned long long)K);
  // rff: what its run takes from the run's number besides the seed, as
  // `schedsan run` sets it (runVariant; utils/schedsan-run/explore/
  // RffCorpus.h): its base portfolio's member, and under the options'
  // constraints whether creations are decisions.
  const StrategyInfo *S = P.Strategy ? findStrategy(P.Strategy) : nullptr;
  if (!S || !S->is(StrategyId::rff))
    return;
  const RunVariant V = runVariant(Seed);
  if (flags.portfolio_member < 0 && rffBaseMayBePortfolio(flags.rf_base) &&
      N > 0 && (size_t)N < Size)
    N += snprintf(Options + N, Size - N, ":portfolio_member=%u", V.member);
  static RfConstraint Constraints[kMaxRfConstraints];
  char Bad[2];
  const int NumC = parseRfConstraints(flags.rf_constraints, Constraints,
                                      kMaxRfConstraints, Bad, sizeof(Bad));
  if (flags.creation_decisions < 0 && NumC > 0 && N > 0 && (size_t)N < Size)
    snprintf(Options + N, Size - N, ":creation_decisions=%d",
             rffCreationDecisions(V.creations_no_decision_if_constrained,
                                  Constraints, (unsigned)NumC)
                 ? 1
                 : 0);
}

// SCHEDSAN_CHECK_REPLAY='<name> seed=<N>' <this command line> [ReplayArg]
void replayCommand(const Plan &P, uint64_t Seed, char *Out, size_t Size) {
  char Value[1024], Quoted[4096];
  snprintf(Value, sizeof(Value), "%s" SCHEDSAN_CHECK_REPLAY_SEED "%llu", P.Name,
           (unsigned long long)Seed);
  shellQuoteInside(Value, Quoted, sizeof(Quoted));
  snprintf(Out, Size, SCHEDSAN_ENV_CHECK_REPLAY "='%s' %s", Quoted,
           commandLine());
  if (P.ReplayArg) {
    char *At = Out + strlen(Out);
    appendShellWord(At, Out + Size, Out, P.ReplayArg);
  }
}

// How a child ended.
struct RunEnd {
  int Status = 0;
  bool TimedOut = false;
  int Lost = 0; // waitpid's errno, when it could not wait
};

uint64_t nowMs() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return (uint64_t)T.tv_sec * 1000 + T.tv_nsec / 1000000;
}

// Waits for child Pid, killing it once it outlives TimeoutMs.
RunEnd waitRun(pid_t Pid, uint32_t TimeoutMs) {
  RunEnd E;
  const uint64_t Deadline = nowMs() + TimeoutMs;
  const int PidFd = (int)syscall(SYS_pidfd_open, Pid, 0);
  for (;;) {
    pid_t W = waitpid(Pid, &E.Status, WNOHANG);
    if (W == Pid)
      break;
    if (W < 0 && errno != EINTR) {
      E.Lost = errno;
      break;
    }
    const uint64_t Now = nowMs();
    if (Now >= Deadline) {
      kill(Pid, SIGKILL);
      while (waitpid(Pid, &E.Status, 0) < 0 && errno == EINTR) {
      }
      E.TimedOut = true;
      break;
    }
    const int Left = (int)(Deadline - Now);
    if (PidFd >= 0) {
      pollfd F = {PidFd, POLLIN, 0};
      poll(&F, 1, Left);
    } else {
      usleep(1000); // no pidfd: look every millisecond
    }
  }
  if (PidFd >= 0)
    close(PidFd);
  return E;
}

// What a child wrote (memory file Fd) onto our stderr.
void copyOutput(int Fd) {
  char Buf[4096];
  ssize_t N;
  lseek(Fd, 0, SEEK_SET);
  while ((N = read(Fd, Buf, sizeof(Buf))) > 0)
    for (ssize_t Done = 0, W; Done < N; Done += W)
      if ((W = write(2, Buf + Done, N - Done)) <= 0)
        return;
}

void describeEnd(const RunEnd &E, const Plan &P, char *Out, size_t Size) {
  if (E.TimedOut)
    snprintf(Out, Size, "timed out after %u ms (killed)", P.TimeoutMs);
  else if (E.Lost)
    snprintf(Out, Size, "could not be waited for: %s", strerror(E.Lost));
  else if (WIFSIGNALED(E.Status))
    snprintf(Out, Size, "killed by signal %d (%s)", WTERMSIG(E.Status),
             strsignal(WTERMSIG(E.Status)));
  else
    snprintf(Out, Size, "exited with status %d%s", WEXITSTATUS(E.Status),
             WEXITSTATUS(E.Status) == flags.exitcode ? " (a report)" : "");
}

// Where the runs write: their output (a memory file) and their k (a
// word shared with them).
struct RunIo {
  int Fd = -1;
  uint64_t *K = nullptr;
  // The program's SIGCHLD disposition: the parent waits for its runs with
  // the default one (an ignored SIGCHLD would reap them first); each run
  // gets the program's back.
  struct sigaction ProgramChld;
};

// Runs Seed (with k K) in a child; false (the result refused) if it could
// not. Its replay command goes into the result first.
bool runSeed(const Plan &P, uint64_t Seed, uint64_t K, const RunIo &Io,
             void (*Body)(void *), void *Arg, schedsan_check_result *R,
             RunEnd &E) {
  char Options[256];
  seedOptions(P, Seed, K, Options, sizeof(Options), R->strategy,
              sizeof(R->strategy));
  replayCommand(P, Seed, R->replay, sizeof(R->replay));
  if (ftruncate(Io.Fd, 0) != 0 || lseek(Io.Fd, 0, SEEK_SET) != 0)
    return refuse(R, "cannot reset the runs' output file: %s", strerror(errno));
  *Io.K = 0;
  fflush(nullptr); // buffered output is the parent's: written once
  const pid_t Pid = fork();
  if (Pid < 0)
    return refuse(R, "fork: %s", strerror(errno));
  if (Pid == 0) {
    realSigaction(SIGCHLD, &Io.ProgramChld, nullptr);
    dup2(Io.Fd, 1);
    dup2(Io.Fd, 2);
    startCheckRun(Options, R->replay, Io.K);
    Body(Arg);
    endCheckRun();
  }
  E = waitRun(Pid, P.TimeoutMs);
  return true;
}

bool passed(const RunEnd &E) {
  return !E.TimedOut && !E.Lost && WIFEXITED(E.Status) &&
         WEXITSTATUS(E.Status) == 0;
}

// The runs, one child each, up to the first failure. The first seed's run
// measures k (PCT's: the points with more than one enabled thread), which
// every later run starts from, as `schedsan run` carries it; a replay of a
// later seed measures it again first.
void runSeeds(const Plan &P, void (*Body)(void *), void *Arg, const RunIo &Io,
              schedsan_check_result *R) {
  uint64_t K = 0;
  RunEnd E;
  if (P.Replaying && P.Only != P.SeedBase) {
    if (!runSeed(P, P.SeedBase, 0, Io, Body, Arg, R, E))
      return;
    K = passed(E) ? *Io.K : 0;
  }
  for (uint64_t I = 0; I < P.Runs; ++I) {
    const uint64_t Seed = P.Replaying ? P.Only : P.SeedBase + I;
    if (!runSeed(P, Seed, Seed == P.SeedBase ? 0 : K, Io, Body, Arg, R, E))
      return;
    if (Seed == P.SeedBase)
      K = *Io.K;
    R->runs = I + 1;
    R->seed = Seed;
    if (P.Replaying || !passed(E))
      copyOutput(Io.Fd);
    if (passed(E))
      continue;
    char How[128];
    describeEnd(E, P, How, sizeof(How));
    finish(R, E.TimedOut ? SCHEDSAN_CHECK_TIMEOUT : SCHEDSAN_CHECK_BUG,
           "check '%s': run %llu of %llu, seed=%llu (%s), %s", P.Name,
           (unsigned long long)R->runs, (unsigned long long)P.Runs,
           (unsigned long long)Seed, R->strategy, How);
    const int Pid = (int)getpid();
    rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "%s\n==%d==Replay the check: "
              "%s\n",
              Pid, R->message, Pid, R->replay);
    return;
  }
  finish(R, SCHEDSAN_CHECK_PASS, "check '%s': %llu run%s, no failure", P.Name,
         (unsigned long long)R->runs, R->runs == 1 ? "" : "s");
}

void runAll(const Plan &P, void (*Body)(void *), void *Arg,
            schedsan_check_result *R) {
  RunIo Io;
  Io.Fd = (int)syscall(SYS_memfd_create, "schedsan-check", MFD_CLOEXEC);
  void *K = mmap(nullptr, sizeof(uint64_t), PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (Io.Fd < 0 || K == MAP_FAILED) {
    refuse(R, "cannot set up the runs: %s", strerror(errno));
  } else {
    Io.K = static_cast<uint64_t *>(K);
    struct sigaction Default = {};
    Default.sa_handler = SIG_DFL;
    realSigaction(SIGCHLD, &Default, &Io.ProgramChld);
    runSeeds(P, Body, Arg, Io, R);
    realSigaction(SIGCHLD, &Io.ProgramChld, nullptr);
  }
  if (Io.Fd >= 0)
    close(Io.Fd);
  if (K != MAP_FAILED)
    munmap(K, sizeof(uint64_t));
}

} // namespace

} // namespace schedsan

using namespace schedsan;

extern "C" void __schedsan_check(const schedsan_check_options *O,
                                 void (*Body)(void *), void *Arg,
                                 schedsan_check_result *R) {
  memset(R, 0, sizeof(*R));
  ensureInit();
  Plan P;
  if (!makePlan(O, P, R))
    return;
  if (inCheckRun()) {
    refuse(R, "check '%s' called inside the body of a check", P.Name);
    return;
  }
  if (rt.active && cur_thread) { // one controlled run already: this one
    Body(Arg);
    R->runs = 1;
    finish(R, SCHEDSAN_CHECK_IN_RUN,
           "check '%s': ran once, in this process's run (strategy=%s "
           "seed=%llu)",
           P.Name, flags.strategy, (unsigned long long)flags.seed);
    return;
  }
  if (!checkDeferred()) {
    refuse(R,
           "check '%s': this process is not under the runtime's control "
           "(a child forked by a controlled run)",
           P.Name);
    return;
  }
  if (gettid() != getpid()) {
    refuse(R,
           "check '%s' called from a thread other than the main thread "
           "(tid %d): call it from main's thread",
           P.Name, (int)gettid());
    return;
  }
  runAll(P, Body, Arg, R);
}
