//===- schedsan_rtl.cpp - Serialized execution ----------------------------===//
//
// FILE:
//    runtime/core/schedsan_rtl.cpp
//
// DESCRIPTION:
//    The scheduling point: evaluate which pending events are enabled, let
//    the strategy pick, hand over to the chosen thread.
//    Handover: the current thread clears its own futex word, sets the chosen
//    thread's word and wakes it (one FUTEX_WAKE), then sleeps on its own word
//    (one FUTEX_WAIT). When the strategy picks the running thread nothing
//    but a few loads and stores to memory no other core reads happens.
//===----------------------------------------------------------------------===//
#include "core/schedsan_rtl.h"
#include "core/schedsan_bug.h"
#include "core/schedsan_controller.h"
#include "core/schedsan_fairness.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_futex.h"
#include "core/schedsan_log.h"
#include "core/schedsan_observer.h"
#include "core/schedsan_sync.h"
#include "core/schedsan_time.h"
#include "core/schedsan_trace.h"
#include "core/schedsan_weak_hooks.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

namespace schedsan {

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
  E.site = 0;
  T->site = nullptr;
  T->pc = nullptr;
  return E;
}

namespace {

// This point, for the strategy: Counted is the points so far with two or
// more enabled threads.
Point point(uint64_t Counted) {
  Point P;
  P.step = rt.steps;
  P.counted = Counted;
  P.current = rt.current ? rt.current->tid : kNoTid;
  return P;
}

// Recomputes every live thread's enabled flag; returns how many are enabled
// and one of them in *Only.
unsigned computeEnabled(ThreadState **Only) {
  unsigned N = 0;
  for (unsigned I = 0; I != rt.num_live; ++I) {
    Event &E = rt.pending[I];
    // Memory and other non-blocking events are always enabled.
    E.enabled = !isAway(rt.live[I]) && enabledNow(rt.live[I], E);
    if (E.enabled) {
      ++N;
      *Only = rt.live[I];
    }
  }
  return N;
}

} // namespace

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

namespace {

// Sleeps until a released thread asks to rejoin (nothing else can happen:
// every controlled thread is blocked).
void waitForRejoin() {
  while (!rt.any_rejoin.load(std::memory_order_acquire))
    futexWait(&rt.rejoin_futex, 0);
  rt.rejoin_futex.store(0, std::memory_order_relaxed);
  acceptRejoins();
}

} // namespace

ThreadState *pickNext(ThreadState *From) {
  endLease();
  for (;;) {
    ThreadState *Only = nullptr;
    unsigned Enabled = computeEnabled(&Only);
    if (Enabled == 0 || (rt.fair && onlyNoProgressEnabled())) {
      // Time passes only when nothing else can happen. A thread away in a
      // signal handler runs in real time, perhaps toward what a sleeper
      // waits for (a pool's "pause" until main's "resume"): time passes
      // for the sleepers as it does for it.
      if (rt.num_away.load(std::memory_order_acquire)) {
        const uint64_t Next = nextDeadline();
        if (Next != UINT64_MAX && waitForComeBack(Next - rt.now_ns))
          continue;
      }
      if (advanceVirtualTime())
        continue;
    }
    if (Enabled == 0) {
      if (rt.num_released || rt.num_away.load(std::memory_order_acquire)) {
        waitForRejoin();
        continue;
      }
      reportBug(BugKind::Deadlock, nullptr);
    }
    const unsigned EnabledBeforeFairness = Enabled;
    ThreadState *Next = nullptr;
    if (rt.controller) {
      ControlPick P = rt.controller->pick(From);
      if (P.action == ControlPick::Timeout)
        reportScriptTimeout(P.timeout);
      if (P.action == ControlPick::WaitRejoin)
        waitForRejoin();
      if (P.action == ControlPick::WaitRejoin || P.action == ControlPick::Retry)
        continue;
      if (P.action == ControlPick::Run) {
        Next = P.next;
        rt.controller->picked(Next);
        if (Enabled > 1) {
          ++rt.picks;
          if (Next != From)
            traceRecordPick(rt.steps, Next->tid);
        }
        Enabled = 1; // no lease: the controller sees every event
      }
    }
    if (!Next) {
      if (rt.fair && Enabled > 1)
        Enabled = applyFairness(&Only);
      Next = Only;
    }
    if (Enabled > 1) {
      Tid T = rt.strategy->pick(rt.pending, rt.num_live, point(rt.picks + 1));
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
    notifyPicked(From, Next);
    if (rt.num_live > 1) {
      const Event &E = rt.pending[Next->slot];
      rt.strategy->onExecuted(E, rt.pending, rt.num_live);
      // The running thread goes on with a memory access: it may go on
      // through the next ones without asking (Strategy.h, "Leases").
      if (Next == From && isMemoryKind(E.kind) && !E.is_yield &&
          !rt.num_released && flags.leases && !rt.observers.every_step &&
          !rt.controller) {
        rt.lease_left = capLease(rt.strategy->grantLease(
            E, rt.pending, rt.num_live, point(rt.picks)));
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

void waitForTurn(ThreadState *T) {
  // Parked already if T handed over (handOver); perhaps away since.
  uint32_t Running = kRunning;
  T->park.compare_exchange_strong(Running, kParked, std::memory_order_relaxed);
  for (;;) {
    while (T->turn.load(std::memory_order_acquire) == 0)
      futexWait(&T->turn, 0);
    // Claimed with one atomic step, which the watchdog's signal handler,
    // running on this thread, cannot split.
    uint32_t Parked = kParked;
    if (T->park.compare_exchange_strong(Parked, kRunning,
                                        std::memory_order_acq_rel))
      break;
    if (Parked != kAway) { // a wait inside a handler on a parked thread
      rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "internal error: T%u waits "
                "for its turn inside a signal handler that interrupted its "
                "wait\n",
                (int)getpid(), T->tid);
      dieNow(flags.exitcode);
    }
    // Set aside (setAsideParked: turn 2) while a handler the runtime did
    // not install ran on this thread; it has returned now.
    comeBack(T);
  }
  if (__builtin_expect(rt.leaving_ktid != 0, 0))
    awaitLeftThread(T);
}

void awaitLeftThread(ThreadState *T) {
  const pid_t Ktid = rt.leaving_ktid;
  rt.leaving_ktid = 0;
  // No signal from the watchdog meanwhile: T is not blocked where the
  // runtime cannot see it.
  const Mode Saved = T->mode;
  T->mode = Mode::InRuntime;
  const int SavedErrno = errno; // T may be inside a call that set it
  const pid_t Pid = getpid();
  uint64_t Deadline = 0;
  // Signal 0 to a thread id: ESRCH once the thread is gone (after the
  // kernel cleared its tid for pthread_join, so after the whole tail).
  for (unsigned I = 0; syscall(SYS_tgkill, Pid, Ktid, 0) == 0; ++I) {
    if (I % 64 == 0) {
      const uint64_t Now = realClockNs(CLOCK_MONOTONIC);
      if (!Deadline)
        Deadline = Now + kLeaverWaitMs * 1000000ull;
      else if (Now > Deadline)
        break;
    }
    sched_yield();
  }
  errno = SavedErrno;
  T->mode = Saved;
}

void handOver(ThreadState *From, ThreadState *Next) {
  ++rt.switches;
  if (From && !From->finished && rt.pending[From->slot].enabled)
    ++rt.preemptions;
  if (flags.verbosity >= 2) {
    char FromName[16] = "-"; // none: it left the run, or was set aside
    if (From)
      snprintf(FromName, sizeof(FromName), "T%u", From->tid);
    rawPrintf("==%d==schedsan: step %llu: %s -> T%u\n", (int)getpid(),
              (unsigned long long)rt.steps, FromName, Next->tid);
  }
  rt.current = Next;
  startSlice();
  if (From) {
    From->turn.store(0, std::memory_order_relaxed);
    // Parked before Next runs: Next may send From a signal at once.
    From->park.store(kParked, std::memory_order_relaxed);
  }
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
    if (rt.pending[T->slot].is_yield) {
      // A thread the watchdog released runs beside this one, perhaps toward
      // what this one polls for (it holds a lock the pass cannot see): let
      // it have the CPU the run's threads share before polling again.
      if (rt.num_released)
        sched_yield();
      noteNoProgress(T);
    }
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

void budgetExhausted() { reportBug(BugKind::Livelock, nullptr); }

namespace {

// A thread is back (or asks to be): wakes a scheduler in waitForRejoin or
// waitForComeBack.
void wakeRejoinWaiter() {
  rt.any_rejoin.store(1, std::memory_order_release);
  rt.rejoin_futex.store(1, std::memory_order_release);
  futexWake(&rt.rejoin_futex);
}

} // namespace

void comeBack(ThreadState *T) {
  // A pick before T went away is void; then T may be picked again.
  T->turn.store(0, std::memory_order_relaxed);
  T->park.store(kParked, std::memory_order_release);
  rt.num_away.fetch_sub(1, std::memory_order_acq_rel);
  wakeRejoinWaiter();
}

bool waitForComeBack(uint64_t Ns) {
  const uint64_t Start = realClockNs(CLOCK_MONOTONIC);
  uint64_t Waited = 0;
  while (!rt.any_rejoin.load(std::memory_order_acquire)) {
    if (Waited >= Ns)
      return false;
    futexWaitFor(&rt.rejoin_futex, 0, Ns - Waited);
    Waited = realClockNs(CLOCK_MONOTONIC) - Start;
  }
  rt.rejoin_futex.store(0, std::memory_order_relaxed);
  advanceVirtualTimeTo(rt.now_ns + Waited);
  acceptRejoins();
  return true;
}

void requestRejoin(ThreadState *T) {
  // T runs concurrently with the current thread: it may only publish its
  // pending event (already written) and ask to be taken back.
  T->turn.store(0, std::memory_order_relaxed);
  T->rejoin.store(1, std::memory_order_release);
  wakeRejoinWaiter();
}

void rejoin(ThreadState *T) {
  requestRejoin(T);
  waitForTurn(T);
  T->mode = Mode::Controlled;
}

uint32_t scheduleChoice(uint32_t N) {
  TsanIgnore Ignore;
  if (N <= 1)
    return 0;
  endLease();
  uint32_t V = rt.strategy->choose(N, point(rt.picks));
  traceRecordChoice(rt.steps, V, N);
  return V;
}

} // namespace schedsan
