//===- schedsan_run.cpp - A run's start and end, and what the next learns ===//
//
// FILE:
//    runtime/core/schedsan_run.cpp
//
// DESCRIPTION:
//    beginRun() starts a run: the strategy (or the replay of a trace), the
//    k an earlier run measured (state_file, or a fork server's shared page),
//    the CPU, the counts, the virtual clock. finalize() runs once at
//    process exit (on_exit, _exit): writes the trace when trace= asks for
//    one or the process exits with a non-zero status (with the replay
//    command), stores the strategy's measured step count for the next run
//    (PCT's k; a check's run tells its parent) and a search's choices
//    (schedsan_search.h), and with verbosity>=1 prints the run's one-line
//    summary.
//    The threads stay controlled after it, until the process ends: exit
//    handlers that run later may still signal and join them.
//===----------------------------------------------------------------------===//
#include "core/schedsan_run.h"
#include "core/schedsan_bug.h"
#include "core/schedsan_check_mode.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_forkserver_link.h"
#include "core/schedsan_forkserver_pages.h"
#include "core/schedsan_interception.h"
#include "core/schedsan_lease.h"
#include "core/schedsan_log.h"
#include "core/schedsan_observer.h"
#include "core/schedsan_rt.h"
#include "core/schedsan_time.h"
#include "core/schedsan_trace.h"
#include "core/schedsan_weak_hooks.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

namespace schedsan {

static uint64_t LoadedK; // what the last run stored when this run began

namespace {

// With state_file set, k goes from run to run: through the file, or, in a
// fork server's runs, through the shared page (same values, no file I/O).
void loadState(StrategyOptions &Opts) {
  LoadedK = 0;
  if (!*flags.state_file)
    return;
  if (ForkServerLink *Link = forkServerLink()) {
    LoadedK = Link->k.load(std::memory_order_relaxed);
  } else if (FILE *F = fopen(flags.state_file, "r")) {
    unsigned long long K = 0;
    if (fscanf(F, "k=%llu", &K) == 1)
      LoadedK = K;
    fclose(F);
  }
  if (!Opts.k)
    Opts.k = LoadedK;
}

void saveState(const RunSummary &S) {
  if (!*flags.state_file || S.steps == LoadedK)
    return; // nothing new to tell the next run
  if (ForkServerLink *Link = forkServerLink()) {
    Link->k.store(S.steps, std::memory_order_relaxed);
    return;
  }
  writeStateFile(S.steps);
}

int PinnedCpu = -1;     // the one CPU this process (a fork server) is pinned to
cpu_set_t UnpinnedMask; // the process's mask before the pinning
bool ProgramMask;       // the program has set a mask of its own

void pinToCpu() {
  if (flags.cpu == -2)
    return;
  int Cpu = flags.cpu >= 0 ? flags.cpu : sched_getcpu();
  if (Cpu < 0 || Cpu == PinnedCpu) // a fork server's run inherits its mask
    return;
  resolveEarly(SCHEDSAN_REAL(sched_getaffinity));
  if (PinnedCpu < 0 && SCHEDSAN_REAL(sched_getaffinity)(0, sizeof(UnpinnedMask),
                                                        &UnpinnedMask) != 0)
    CPU_ZERO(&UnpinnedMask);
  cpu_set_t Set;
  CPU_ZERO(&Set);
  CPU_SET(Cpu, &Set);
  // All threads created later inherit the mask.
  if (SCHEDSAN_REAL(sched_setaffinity)(0, sizeof(Set), &Set) == 0)
    PinnedCpu = Cpu;
  else if (flags.cpu >= 0)
    rawPrintf("==%d==" SCHEDSAN_REPORT_WARNING "cannot pin to cpu=%d: %s\n",
              (int)getpid(), flags.cpu, strerror(errno));
}

StrategyOptions strategyOptions() {
  StrategyOptions O;
  O.depth = flags.depth;
  O.k = flags.k;
  O.swarm_wmin = flags.swarm_wmin;
  O.swarm_wmax = flags.swarm_wmax;
  O.swarm_reuse = flags.swarm_reuse;
  O.pos_reset_yields = flags.pos_reset_yields;
  O.yield_bound = flags.yield_bound;
  O.preemption_bound = flags.preemption_bound;
  O.sleep_sets = !strcmp(flags.reduction, "sleep");
  O.rf_patience = flags.rf_patience;
  O.rf_base = flags.rf_base;
  O.portfolio_member = flags.portfolio_member;
  return O;
}

} // namespace

// The parts of initialization that depend on the options: done once per
// process, and again in each child of a fork server (before main runs, with
// only the main thread registered).
void beginRun() {
  TsanIgnore Ignore;
  pinToCpu();
  rt.budget = flags.max_steps ? flags.max_steps : ~0ull;
  Strategy *S = createStrategy(flags.strategy);
  if (*flags.replay)
    S = makeReplayStrategy(flags.replay, S);
  delete rt.strategy;
  rt.strategy = S;
  StrategyOptions Opts = strategyOptions();
  loadState(Opts);
  // A k carried over from an earlier run decides this run's schedule: it
  // becomes an explicit option, printed in the report, the trace and the
  // replay command like any other.
  if (!flags.k && Opts.k)
    flags.k = Opts.k;
  observersPrepare(Opts);
  S->beginRun(Opts, flags.seed);
  S->onThreadStart(0, kNoTid);
  rt.steps = rt.picks = rt.leased = rt.switches = rt.preemptions = 0;
  rt.lease_holder = nullptr;
  rt.lease_left = rt.lease_used = 0;
  rt.replayable = true;
  rt.fair = false;
  rt.fair_step = rt.no_progress = rt.fair_no_progress = rt.slice_start = 0;
  beginVirtualTime();
  observersBeginRun();
}

uint64_t loadedStateK() { return LoadedK; }

void programSetAffinity() { ProgramMask = true; }

void unpinnedView(size_t Size, cpu_set_t *Mask) {
  if (PinnedCpu < 0 || ProgramMask || !CPU_ISSET_S(PinnedCpu, Size, Mask) ||
      CPU_COUNT_S(Size, Mask) != 1 || CPU_COUNT(&UnpinnedMask) == 0)
    return;
  const size_t N = Size < sizeof(UnpinnedMask) ? Size : sizeof(UnpinnedMask);
  memset(Mask, 0, Size);
  memcpy(Mask, &UnpinnedMask, N);
}

void writeStateFile(uint64_t K) {
  if (!*flags.state_file)
    return;
  if (FILE *F = fopen(flags.state_file, "w")) {
    fprintf(F, "k=%llu\n", (unsigned long long)K);
    fclose(F);
  }
}

void finalize(int Status) {
  TsanIgnore Ignore;
  if (!rt.active || rt.finalized)
    return;
  // The run stays controlled: exit handlers that ran before this one, or
  // run after it (a library's atexit registered before the runtime
  // started, libomp's shutdown, a static destructor), may still signal and
  // join threads, and those threads are scheduled as before.
  rt.finalized = true;
  endLease();
  RunSummary S = rt.strategy->endRun(rt.picks);
  saveState(S);
  noteCheckRunK(S.steps);
  observersExiting(Status);
  // A non-zero status or a sanitizer finding: the trace and replay line.
  reportFailedExit(Status);
  observersEndRun();
  replayCheckEnd();
  if (*flags.trace && !traceWrite(flags.trace, /*Exclusive=*/false))
    rawPrintf("==%d==" SCHEDSAN_REPORT_WARNING "cannot write trace=%s\n",
              (int)getpid(), flags.trace);
  printRunSummary(S);
  observersExited(Status);
  tellPagesRunUsed(); // last: what the run had mapped until here
}

} // namespace schedsan
