//===- schedsan_fairness.cpp - Fair continuation and livelocks -----------===//
//
// FILE:
//    runtime/core/schedsan_fairness.cpp
//
// DESCRIPTION:
//    The fairness model. A report is a promise that the program can fail,
//    so a correct program that retries (timed waits, trylock and CAS loops,
//    yield loops, polling under a lock, counter barriers) must finish under
//    every strategy. Strategies are unfair on purpose (PCT runs the
//    highest-priority thread while it is enabled), so the runtime gives each
//    run two phases:
//
//    1. The prefix. The strategy alone picks. It ends after fair_after
//       no-progress events or fair_after_steps scheduling points, whichever
//       comes first. The bugs a strategy targets lie in the order of the
//       events that make progress; spinning is where strategies waste time.
//
//    2. The fair continuation: CHESS's fair scheduler (Musuvathi, Qadeer,
//       "Fair stateless model checking", PLDI 2008, §3). A thread that does
//       a no-progress event, or has run fair_slice consecutive points while
//       another thread was enabled, is blocked until every thread enabled
//       now has run: at step s its fair_block is s, and it is allowed again
//       once each other enabled thread was picked at a step >= s (last_ran).
//       A block lasts while the thread runs alone (every other thread
//       blocked), and while a thread that has not run since waits for a
//       lock it holds, so the threads it kept out meanwhile (a poller that
//       holds the lock others wait for, with or without a third thread
//       running beside it) run before it once they can: like CHESS's
//       priority edges from the threads enabled or disabled since a
//       thread's last yield. The strategy picks among the allowed
//       threads, so its choices still matter; the enabled thread with the
//       oldest block is always allowed (every other one ran after it), so
//       some thread always is. Every enabled thread runs within a bounded
//       number of steps.
//
//    No-progress events (Event::is_yield): sched_yield and sleeps in
//    time=yield, failed trylocks, timed waits that time out, reads that see
//    again the value this thread saw last time at that address, atomic
//    read-modify-writes that find the value their previous one found (a
//    failed CAS or test-and-set, whatever it writes); see
//    ThreadState::observe. A thread whose loop writes elsewhere on every
//    iteration (`while (!stop) { ticks++; sched_yield(); }`) still makes
//    no progress at its yield or at its read of `stop`.
//
//    Livelock: livelock_after no-progress events in the fair phase. Under
//    the fair continuation every enabled thread keeps running, so a correct
//    retry loop ends long before; a program that still only spins is
//    reported. Polling while every other thread sleeps lets virtual time
//    pass (schedsan_time.cpp), so waiting for a sleeper is no livelock.
//    max_steps (off by default) bounds all points, spinning or not.
//
//    Leases (strategy/Strategy.h) end before the point at which the prefix
//    ends by steps and before the end of the running thread's slice, so the
//    fair decisions are the same with and without leases.
//===----------------------------------------------------------------------===//
#include "core/schedsan_fairness.h"
#include "core/schedsan_bug.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_rt.h"
#include "core/schedsan_sync.h"

#include <string.h>

namespace schedsan {

namespace {

void enterFairPhase() {
  rt.fair = true;
  rt.fair_step = rt.steps;
}

// Whether site A comes before site B in source order (file, line, column).
bool siteBefore(const schedsan_site *A, const schedsan_site *B) {
  if (int C = strcmp(A->file, B->file))
    return C < 0;
  return A->line != B->line ? A->line < B->line : A->column < B->column;
}

void noteSpin(ThreadState *T) {
  if (T->spin_events++ && T->spin_events % ThreadState::kSpinWindow == 1) {
    T->spin_site[0] = T->spin_site[1];
    T->spin_pc[0] = T->spin_pc[1];
    T->spin_site[1] = nullptr;
    T->spin_pc[1] = nullptr;
  }
  if (const schedsan_site *S = T->site) {
    if (!T->spin_site[1] || siteBefore(S, T->spin_site[1]))
      T->spin_site[1] = S;
  } else if (T->pc && (!T->spin_pc[1] || T->pc < T->spin_pc[1])) {
    T->spin_pc[1] = T->pc;
  }
}

} // namespace

void noteNoProgress(ThreadState *T) {
  ++rt.no_progress;
  if (!rt.fair && rt.no_progress >= flags.fair_after)
    enterFairPhase();
  if (!rt.fair)
    return;
  T->fair_block = rt.steps;
  noteSpin(T);
  if (++rt.fair_no_progress >= flags.livelock_after && flags.livelock_after)
    reportBug(BugKind::Livelock, nullptr);
}

void checkFairnessSlow(ThreadState *T) {
  if (!rt.fair && rt.steps >= flags.fair_after_steps)
    enterFairPhase();
  if (rt.fair && T == rt.current && !T->fair_block &&
      rt.steps - rt.slice_start >= flags.fair_slice)
    T->fair_block = rt.steps;
}

bool keepsWaiterOut(const ThreadState *T) {
  for (unsigned I = 0; I != rt.num_live; ++I) {
    const ThreadState *U = rt.live[I];
    if (U != T && U->last_ran < T->fair_block &&
        waitsForLockOf(U, rt.pending[I], T->tid))
      return true;
  }
  return false;
}

unsigned applyFairness(ThreadState **Only) {
  // The two smallest last_ran among enabled threads: a blocked thread is
  // allowed when every *other* enabled thread ran at or after its block.
  uint64_t Min1 = UINT64_MAX, Min2 = UINT64_MAX;
  unsigned MinSlot = ~0u;
  for (unsigned I = 0; I != rt.num_live; ++I) {
    if (!rt.pending[I].enabled)
      continue;
    uint64_t R = rt.live[I]->last_ran;
    if (R < Min1) {
      Min2 = Min1;
      Min1 = R;
      MinSlot = I;
    } else if (R < Min2) {
      Min2 = R;
    }
  }
  unsigned N = 0;
  for (unsigned I = 0; I != rt.num_live; ++I) {
    Event &E = rt.pending[I];
    if (!E.enabled)
      continue;
    ThreadState *T = rt.live[I];
    uint64_t Others = I == MinSlot ? Min2 : Min1;
    if (T->fair_block && Others < T->fair_block)
      E.enabled = false; // steps aside; still counts as enabled for reports
    else {
      ++N;
      *Only = T;
    }
  }
  return N;
}

uint64_t capLease(uint64_t Lease) {
  // A holder already set to step aside has no slice left to end: it steps
  // aside as soon as another thread is enabled, which ends the lease.
  if (rt.fair && rt.current && rt.current->fair_block)
    return Lease;
  uint64_t End =
      rt.fair ? rt.slice_start + flags.fair_slice : flags.fair_after_steps;
  if (End <= rt.steps + 1)
    return 0;
  return Lease < End - rt.steps - 1 ? Lease : End - rt.steps - 1;
}

} // namespace schedsan
