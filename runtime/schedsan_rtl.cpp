//===- schedsan_rtl.cpp - Serialized execution ----------------------------===//
//
// FILE:
//    runtime/schedsan_rtl.cpp
//
// DESCRIPTION:
//    Initialization and the scheduling point: evaluate which pending events
//    are enabled, let the strategy pick, hand over to the chosen thread.
//    Handover: the current thread clears its own futex word, sets the chosen
//    thread's word and wakes it (one FUTEX_WAKE), then sleeps on its own word
//    (one FUTEX_WAIT). When the strategy picks the running thread nothing
//    but a few loads and stores to memory no other core reads happens.
//===----------------------------------------------------------------------===//
#include "schedsan_rtl.h"
#include "schedsan_fairness.h"
#include "schedsan_flags.h"
#include "schedsan_futex.h"
#include "schedsan_report.h"
#include "schedsan_sync.h"
#include "schedsan_time.h"
#include "schedsan_trace.h"
#include "schedsan_watchdog.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern "C" __attribute__((weak)) const char __schedsan_default_strategy[] = "";

namespace schedsan {

// In .lbss, which linkers place after all of .bss (a zero-filled section
// too): the 2 MB of rt's arrays then come after the runtime's and the
// program's other variables, and the pages a run writes (those variables,
// rt's fields, its threads' entries) lie close together, mostly in one
// 2 MB block of the address space. Each page a fork server's run writes is
// a fault, and each 2 MB block they span one more page table to copy and
// free (benchmarks/RESULTS.md, "Runner throughput").
#ifdef __clang__
#pragma clang section bss = ".lbss"
#endif
Runtime rt;
#ifdef __clang__
#pragma clang section bss = ""
#endif
__thread ThreadState *cur_thread __attribute__((tls_model("initial-exec")));

void initInterceptors();       // schedsan_interceptors.cpp
void initSignals();            // schedsan_report.cpp
void loadState(StrategyOptions &Opts); // schedsan_state.cpp
void saveState(const RunSummary &S);

namespace {

int PinnedCpu = -1; // the one CPU this process (a fork server) is pinned to

void pinToCpu() {
  if (flags.cpu == -2)
    return;
  int Cpu = flags.cpu >= 0 ? flags.cpu : sched_getcpu();
  if (Cpu < 0 || Cpu == PinnedCpu) // a fork server's run inherits its mask
    return;
  cpu_set_t Set;
  CPU_ZERO(&Set);
  CPU_SET(Cpu, &Set);
  // All threads created later inherit the mask.
  if (sched_setaffinity(0, sizeof(Set), &Set) == 0)
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
  return O;
}

void atForkChild() {
  // The child continues uncontrolled: only the forking thread exists in it,
  // and the parent's schedule must not be disturbed. (A fork server's
  // children are the exception: they start a run of their own.)
  if (rt.fork_server_child)
    return;
  rt.active = false;
  cur_thread = nullptr;
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
  S->beginRun(Opts, flags.seed);
  S->onThreadStart(0, kNoTid);
  rt.steps = rt.picks = rt.leased = rt.switches = rt.preemptions = 0;
  rt.lease_holder = nullptr;
  rt.lease_left = rt.lease_used = 0;
  rt.replayable = true;
  rt.fair = false;
  rt.fair_step = rt.no_progress = rt.fair_no_progress = rt.slice_start = 0;
  beginVirtualTime();
}

void ensureInit() {
  if (rt.initialized)
    return;
  rt.initialized = true;
  LsanDisabler NoLeakChecks;
  initFlags(__schedsan_default_strategy);
  initCommandLine();
  initInterceptors();
  ThreadState *Main = registerThread(nullptr); // tells no strategy yet
  beginRun();
  Main->pthread = pthread_self();
  Main->ktid = gettid();
  Main->turn.store(1, std::memory_order_relaxed);
  rt.pending[Main->slot].kind = EventKind::ThreadStart;
  rt.current = Main;
  cur_thread = Main;
  armThreadExit(Main); // for pthread_exit in main
  rt.active = true;
  initSignals();
  armSignalStack();
  reserveSignalStack();
  pthread_atfork(nullptr, nullptr, atForkChild);
  on_exit([](int Status, void *) { finalize(Status); }, nullptr);
}

Event &setPending(ThreadState *T, EventKind K, uintptr_t Addr, uintptr_t Size,
                  bool IsWrite) {
  // A released thread runs beside the current one: it must not touch the
  // shared pending array until it is taken back (acceptRejoins).
  Event &E = T->mode == Mode::Released ? T->rejoin_event : rt.pending[T->slot];
  E.kind = K;
  E.addr = Addr;
  E.size = Size;
  E.addr2 = 0;
  E.is_write = IsWrite;
  E.is_yield = false;
  E.enabled = true;
  E.seq = ++T->seq;
  E.tid = T->tid;
  T->timed = false; // callers set it after this for try/timed events
  T->deadline = 0;
  T->site = nullptr;
  T->pc = nullptr;
  return E;
}

namespace {

// Recomputes every live thread's enabled flag; returns how many are enabled
// and one of them in *Only.
unsigned computeEnabled(ThreadState **Only) {
  unsigned N = 0;
  for (unsigned I = 0; I != rt.num_live; ++I) {
    Event &E = rt.pending[I];
    // Memory and other non-blocking events are always enabled.
    E.enabled = rt.live[I]->mode != Mode::Released &&
                (!mayBlock(E.kind) || isEnabled(rt.live[I], E));
    if (E.enabled) {
      ++N;
      *Only = rt.live[I];
    }
  }
  return N;
}

void acceptRejoins() {
  if (!rt.any_rejoin.exchange(0, std::memory_order_acquire))
    return;
  for (unsigned Tid = 0; Tid != rt.num_threads; ++Tid) {
    ThreadState *T = rt.threads[Tid];
    if (T && T->mode == Mode::Released &&
        T->rejoin.load(std::memory_order_acquire)) {
      T->rejoin.store(0, std::memory_order_relaxed);
      rt.pending[T->slot] = T->rejoin_event;
      T->mode = Mode::InRuntime; // waits in rejoin() until picked
      --rt.num_released;
    }
  }
}

// Sleeps until a released thread asks to rejoin (nothing else can happen:
// every controlled thread is blocked).
void waitForRejoin() {
  while (!rt.any_rejoin.load(std::memory_order_acquire))
    futexWait(&rt.rejoin_futex, 0);
  rt.rejoin_futex.store(0, std::memory_order_relaxed);
  acceptRejoins();
}

// Picks the thread that performs its pending event next. From is the thread
// deciding (null when it has just finished).
ThreadState *pickNext(ThreadState *From) {
  endLease();
  for (;;) {
    ThreadState *Only = nullptr;
    unsigned Enabled = computeEnabled(&Only);
    if (Enabled == 0 || (rt.fair && onlyNoProgressEnabled())) {
      // Time passes only when nothing else can happen.
      if (advanceVirtualTime())
        continue;
    }
    if (Enabled == 0) {
      if (rt.num_released) {
        waitForRejoin();
        continue;
      }
      reportBug(BugKind::Deadlock, nullptr);
    }
    const unsigned EnabledBeforeFairness = Enabled;
    if (rt.fair && Enabled > 1)
      Enabled = applyFairness(&Only);
    ThreadState *Next = Only;
    if (Enabled > 1) {
      Tid T = rt.strategy->pick(rt.pending, rt.num_live);
      Next = T < rt.num_threads ? rt.threads[T] : nullptr;
      if (!Next || Next->finished || !rt.pending[Next->slot].enabled) {
        rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "internal error: strategy "
                  "'%s' picked T%u, which is not enabled\n",
                  (int)getpid(), rt.strategy->name(), T);
        dieNow(flags.exitcode);
      }
      ++rt.picks;
      // Only picks that change thread are recorded: a replay keeps the
      // running thread wherever the trace says nothing (schedsan_trace.h).
      if (Next != From)
        traceRecordPick(rt.steps, T);
    }
    notePicked(Next, EnabledBeforeFairness);
    if (rt.num_live > 1) {
      const Event &E = rt.pending[Next->slot];
      rt.strategy->onExecuted(E, rt.pending, rt.num_live);
      // The running thread goes on with a memory access: it may go on
      // through the next ones without asking (Strategy.h, "Leases").
      if (Next == From && isMemoryKind(E.kind) && !E.is_yield &&
          !rt.num_released && flags.leases) {
        rt.lease_left =
            capLease(rt.strategy->grantLease(E, rt.pending, rt.num_live));
        if (rt.lease_left) {
          rt.lease_holder = Next;
          rt.lease_used = 0;
          rt.lease_picks = Enabled > 1;
        }
      }
    }
    return Next;
  }
}

} // namespace

void waitForTurn(ThreadState *T) {
  while (T->turn.load(std::memory_order_acquire) == 0)
    futexWait(&T->turn, 0);
}

// Makes Next current and wakes it. From (if any) must then wait its turn.
static void handOver(ThreadState *From, ThreadState *Next) {
  ++rt.switches;
  if (From && !From->finished && rt.pending[From->slot].enabled)
    ++rt.preemptions;
  if (flags.verbosity >= 2)
    rawPrintf("==%d==schedsan: step %llu: T%u -> T%u\n", (int)getpid(),
              (unsigned long long)rt.steps, From ? From->tid : kNoTid,
              Next->tid);
  rt.current = Next;
  startSlice();
  if (From)
    From->turn.store(0, std::memory_order_relaxed);
  Next->turn.store(1, std::memory_order_release);
  futexWake(&Next->turn);
}

void schedule(ThreadState *T) {
  TsanIgnore Ignore;
  // T is a registered thread, so the runtime is initialized.
  if (T->mode == Mode::Released) {
    rejoin(T);
    return;
  }
  Mode Saved = T->mode;
  T->mode = Mode::InRuntime;
  if (++rt.steps >= rt.budget)
    reportBug(BugKind::Livelock, nullptr);
  if (rt.num_live > 1) {
    checkFairness(T);
    if (rt.pending[T->slot].is_yield)
      noteNoProgress(T);
  }
  if (rt.any_rejoin.load(std::memory_order_relaxed))
    acceptRejoins();
  ThreadState *Next = pickNext(T);
  if (Next != T) {
    handOver(T, Next);
    waitForTurn(T);
    if (T->mode == Mode::Released) // released while it waited: impossible
      T->mode = Mode::InRuntime;
    // Serialization: a thread runs only while it is the current one.
    if (__builtin_expect(rt.current != T, 0)) {
      rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "internal error: T%u runs "
                "while T%u is the current thread\n",
                (int)getpid(), T->tid, rt.current ? rt.current->tid : kNoTid);
      dieNow(flags.exitcode);
    }
  }
  T->mode = Saved;
}

void memoryEventSlow(ThreadState *T, EventKind K, uintptr_t Addr,
                     uintptr_t Size, uintptr_t Addr2, bool IsWrite,
                     const schedsan_site *Site, bool Changes) {
  if (T->mode == Mode::InRuntime || T->mode == Mode::Uncontrolled ||
      !rt.active)
    return;
  Event &E = setPending(T, K, Addr, Size, IsWrite);
  E.addr2 = Addr2;
  // A poll that found nothing new (a spin loop) counts as a yield. (Script
  // events -- function enter/exit, calls -- are neither.)
  if (isMemoryKind(K))
    E.is_yield = T->observe(K, Addr, Size, Changes);
  T->site = Site;
  T->last_site = Site;
  schedule(T);
}

void endLeaseSlow() {
  TsanIgnore Ignore;
  rt.strategy->endLease(rt.lease_used);
  if (rt.lease_picks)
    rt.picks += rt.lease_used;
  rt.leased += rt.lease_used;
  rt.lease_holder = nullptr;
  rt.lease_left = rt.lease_used = 0;
}

void budgetExhausted() { reportBug(BugKind::Livelock, nullptr); }

void rejoin(ThreadState *T) {
  // T runs concurrently with the current thread: it may only publish its
  // pending event (already written) and ask to be taken back.
  T->turn.store(0, std::memory_order_relaxed);
  T->rejoin.store(1, std::memory_order_release);
  rt.any_rejoin.store(1, std::memory_order_release);
  rt.rejoin_futex.store(1, std::memory_order_release);
  futexWake(&rt.rejoin_futex);
  waitForTurn(T);
  T->mode = Mode::Controlled;
}

ThreadState *registerThread(ThreadState *Parent) {
  TsanIgnore Ignore;
  if (rt.num_live == kMaxThreads || rt.num_threads == kNoTid) {
    rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "more than %u threads alive "
              "at once (or %u in all): the runtime cannot schedule more\n",
              (int)getpid(), kMaxThreads, kNoTid - 1);
    dieNow(flags.exitcode);
  }
  endLease(); // the live set changes
  LsanDisabler NoLeakChecks;
  if (rt.num_threads == rt.threads_capacity) {
    unsigned Cap = rt.threads_capacity ? rt.threads_capacity * 2 : 1024;
    void *P = realloc(rt.threads, Cap * sizeof(ThreadState *));
    if (!P) {
      rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "out of memory for %u "
                "threads\n", (int)getpid(), Cap);
      dieNow(flags.exitcode);
    }
    rt.threads = static_cast<ThreadState **>(P);
    rt.threads_capacity = Cap;
  }
  ThreadState *T = new ThreadState();
  T->tid = rt.num_threads++;
  T->parent = Parent ? Parent->tid : kNoTid;
  rt.threads[T->tid] = T;
  T->slot = rt.num_live++;
  rt.live[T->slot] = T;
  setPending(T, EventKind::ThreadStart, 0, 0, false);
  if (Parent) // main is announced by beginRun()
    rt.strategy->onThreadStart(T->tid, T->parent);
  return T;
}

void threadExit(ThreadState *T) {
  TsanIgnore Ignore;
  setPending(T, EventKind::ThreadExit, (uintptr_t)T, 0, true);
  schedule(T);
  T->mode = Mode::InRuntime;
  abandonThread(T);
  cur_thread = nullptr;
  T->mode = Mode::Uncontrolled;
  if (rt.num_live == 0)
    return;
  ++rt.steps; // leaving is a decision of its own (traces key on steps)
  ThreadState *Next = pickNext(nullptr);
  handOver(nullptr, Next);
}

} // namespace schedsan

namespace schedsan {

void abandonThread(ThreadState *T) {
  TsanIgnore Ignore;
  endLease(); // the live set changes
  T->finished = true;
  // Leave the live set: the last live thread takes this one's slot.
  unsigned Last = --rt.num_live;
  if (T->slot != Last) {
    rt.live[T->slot] = rt.live[Last];
    rt.pending[T->slot] = rt.pending[Last];
    rt.live[T->slot]->slot = T->slot;
  }
  rt.strategy->onThreadEnd(T->tid);
  if (Last == 0)
    wakeWatchdog(); // nothing left to watch: it ends, and so may the process
}

uint32_t scheduleChoice(uint32_t N) {
  TsanIgnore Ignore;
  if (N <= 1)
    return 0;
  endLease();
  uint32_t V = rt.strategy->choose(N);
  traceRecordChoice(rt.steps, V, N);
  return V;
}

} // namespace schedsan

namespace schedsan {

// From the watchdog's signal, in the current thread T, which is blocked (or
// busy) outside any scheduling point: let another thread run meanwhile.
void releaseCurrentThread(ThreadState *T) {
  TsanIgnore Ignore;
  T->mode = Mode::InRuntime;
  // Released threads that came back count too: T may spin, where no
  // scheduling point lets them in, on what one of them holds.
  if (rt.any_rejoin.load(std::memory_order_acquire))
    acceptRejoins();
  bool Other = false;
  for (unsigned I = 0; I != rt.num_live; ++I)
    if (rt.live[I] != T && rt.live[I]->mode != Mode::Released &&
        isEnabled(rt.live[I], rt.pending[I]))
      Other = true;
  if (!Other) {
    T->mode = Mode::Controlled;
    return;
  }
  T->mode = Mode::Released;
  ++rt.num_released;
  rt.replayable = false;
  quickenWatchdog();
  if (flags.verbosity >= 1)
    rawPrintf("==%d==schedsan: watchdog: T%u reached no scheduling point for "
              "%d ms; letting other threads run\n",
              (int)getpid(), T->tid, flags.watchdog_ms);
  ++rt.steps; // a decision of its own (traces key on steps)
  handOver(nullptr, pickNext(nullptr));
}

} // namespace schedsan
