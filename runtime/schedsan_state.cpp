//===- schedsan_state.cpp - End of a run, and what the next run learns ----===//
//
// FILE:
//    runtime/schedsan_state.cpp
//
// DESCRIPTION:
//    finalize() runs once at process exit (on_exit, _exit): writes the
//    trace when trace= asks for one or the process exits with a non-zero
//    status (with the replay command), stores the strategy's measured step
//    count in state_file or a fork server's shared page (PCT's k for the
//    next run), and with verbosity>=1 prints the run's one-line summary.
//    The threads stay controlled after it, until the process ends: exit
//    handlers that run later may still signal and join them.
//===----------------------------------------------------------------------===//
#include "schedsan_flags.h"
#include "schedsan_forkserver.h"
#include "schedsan_forkserver_pages.h"
#include "schedsan_report.h"
#include "schedsan_rtl.h"
#include "schedsan_trace.h"
#include "schedsan/schedsan_protocol.h"

#include <stdio.h>
#include <unistd.h>

namespace schedsan {

static uint64_t LoadedK; // what the last run stored when this run began

void writeStateFile(uint64_t K);

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

static void saveState(const RunSummary &S) {
  if (!*flags.state_file || S.steps == LoadedK)
    return; // nothing new to tell the next run
  if (ForkServerLink *Link = forkServerLink()) {
    Link->k.store(S.steps, std::memory_order_relaxed);
    return;
  }
  writeStateFile(S.steps);
}

uint64_t loadedStateK() { return LoadedK; }

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
  RunSummary S = rt.strategy->endRun();
  saveState(S);
  // A non-zero status or a sanitizer finding: the trace and replay line.
  reportFailedExit(Status);
  replayCheckEnd();
  if (*flags.trace && !traceWrite(flags.trace, /*Exclusive=*/false))
    rawPrintf("==%d==" SCHEDSAN_REPORT_WARNING "cannot write trace=%s\n",
              (int)getpid(), flags.trace);
  printRunSummary(S);
  tellPagesRunUsed(); // last: what the run had mapped until here
}

void printRunSummary(const RunSummary &S) {
  if (flags.verbosity < 1)
    return;
  rawPrintf("==%d==" SCHEDSAN_SUMMARY_TAG SCHEDSAN_KEY_STRATEGY "=%s "
            SCHEDSAN_KEY_SEED "=%llu " SCHEDSAN_KEY_THREADS "=%u "
            SCHEDSAN_KEY_STEPS "=%llu switches=%llu preemptions=%llu "
            "picks=%llu leased=%llu " SCHEDSAN_KEY_K "=%llu "
            SCHEDSAN_KEY_REPLAYABLE "=%s\n",
            (int)getpid(), flags.strategy, (unsigned long long)flags.seed,
            rt.num_threads, (unsigned long long)rt.steps,
            (unsigned long long)rt.switches,
            (unsigned long long)rt.preemptions,
            (unsigned long long)rt.picks, (unsigned long long)rt.leased,
            (unsigned long long)S.steps, rt.replayable ? "yes" : "no");
}

} // namespace schedsan
