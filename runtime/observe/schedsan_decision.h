//===- schedsan_decision.h - Which memory events are decisions --*- C++ -*-===//
//
// FILE:
//    runtime/observe/schedsan_decision.h
//
// DESCRIPTION:
//    With decision_sites=FILE (a site set as shared_sites_file= writes it,
//    schedsan_shared.h) a memory event whose site is not in the set is no
//    scheduling decision: the thread that reached it goes on without
//    asking the strategy, exactly as under a lease (strategy/Strategy.h),
//    and the event is not counted as a point with two or more threads
//    enabled (PCT's k, Point::counted, the run's k=). It is still a step
//    (traces and the step budget number it), its pairs still count
//    (coverage_file=) and its access is still checked (shared_sites_file=).
//    A lease is neither used nor ended by such an event.
//
//    A thread creation is no decision either (and with creation_decisions=0
//    also without the set): no other thread can act on
//    a thread not created yet, so a switch just before the creation leads
//    to the states a switch at the creator's next point does (the creator
//    makes its threads in one go, as under PCT's priorities; in a pipeline
//    of 100 threads a random walk otherwise lets the first ones finish
//    before the last is made).
//
//    The sites an rf_constraints= entry names are decisions too, in the run
//    that has it (rff holds back reads and writes there, which it can do
//    only where the strategy is asked).
//
//    Always decisions: other synchronization and thread events (the pass
//    puts no site on them), memory events without a site (id 0), polls (a
//    read that sees again what it saw: a spin loop on a location the set
//    missed must still let the others run), and every event of a run that
//    a test script controls, after the fair phase began
//    (schedsan_fairness.h) or while the watchdog keeps a thread released.
//
//    The file: its first line SCHEDSAN_SHARED_SITES_HEADER, then one
//    decimal site id a line (# lines are comments). One that cannot be read
//    or is not such a set stops the program with exit status 2 naming it.
//    Read once a process (a fork server's runs inherit the set).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_DECISION_H
#define SCHEDSAN_DECISION_H

#include "core/schedsan_flags.h"
#include "core/schedsan_observer.h"
#include "core/schedsan_rt.h"

namespace schedsan {

// decision_sites= set; this run's creation_decisions; and whether a module
// gave accesses proved under their lock no event (__schedsan_guarded_
// accesses_skipped): then every write of a plain read-modify-write stays a
// decision.
extern bool decisions_filtered;
extern bool creation_decisions;
extern bool guarded_accesses_skipped;
extern const Observer kDecisionSitesObserver;

// Sets decisions_filtered from decision_sites= (reading the file).
void decisionBeginRun();

// Whether site S is in the set (a site without an id always is).
bool isDecisionSite(const schedsan_site *S);

// Whether an event may be no decision now: not while the watchdog keeps
// a thread released, a test script controls the run, or the fair phase
// has begun.
__attribute__((always_inline)) inline bool decisionsMayBeSkipped() {
  return !rt.num_released && !rt.controller && !rt.fair &&
         rt.steps + 1 < flags.fair_after_steps;
}

// Whether decision_sites= makes events other than those at its sites no
// decisions now (false without it, and in the cases above).
__attribute__((always_inline)) inline bool decisionsFiltered() {
  return __builtin_expect(decisions_filtered, 0) && decisionsMayBeSkipped();
}

// Whether a thread creation is no decision now: with decision_sites= or
// creation_decisions=0 (or -1 in an rff run with a constraint naming
// thread 16 or later), where events may be skipped at all.
__attribute__((always_inline)) inline bool creationPassesWithoutDecision() {
  return decisionsFiltered() ||
         (!creation_decisions && decisionsMayBeSkipped());
}

// Whether an enabled thread other than T may touch [Addr, Addr + Size)
// before its next scheduling point: its pending event overlaps those bytes,
// or is not a plain access (an atomic may take a lock of the program's own,
// a call or a synchronization event may lead anywhere).
bool otherPendingTouches(const ThreadState *T, uintptr_t Addr, uintptr_t Size);

// Whether the plain write T reached, of [Addr, Addr + Size) at Site, is the
// write of a read-modify-write (x++, x += v, p->f++: T's last event, at the
// site before, read the same bytes) that skip_unconflicted_rmw_writes=1
// makes no decision: no other enabled thread may touch those bytes before
// its next point (otherPendingTouches). A switch between the read and the
// write matters only to a thread that writes those bytes before T does (a
// lost update); a thread whose next step is a plain access of other bytes
// reaches such a write only at a later point, and running that step before
// T's read (a decision there too) leads to the same states. The lost update
// stays reachable, but takes one more switch (PCT: one more change point),
// which is why the rule is an option.
//
// Never skipped where decisions may not be skipped at all
// (decisionsMayBeSkipped), under a test script (script=, set alike when its
// run is replayed: the script sees every event), or in a program where a
// module gave accesses proved under their lock no event (another thread's
// guarded x++ would then come with no event of its own). Code the pass did
// not instrument writes with no event either; there the split is no better
// than one compound event, as without this rule.
__attribute__((always_inline)) inline bool
isUnconflictedUpdateWrite(const ThreadState *T, EventKind K, uintptr_t Addr,
                          uintptr_t Size, const schedsan_site *Site) {
  if (K != EventKind::Write || !flags.skip_unconflicted_rmw_writes)
    return false;
  const Event &Last = rt.pending[T->slot];
  // T->site is the last event's site; T->last_site the last site reached
  // (also where no event was published, with one thread live).
  return Last.kind == EventKind::Read && Last.addr == Addr &&
         Last.size == Size && T->site == T->last_site && T->site != Site &&
         !guarded_accesses_skipped && !*flags.script &&
         decisionsMayBeSkipped() && !otherPendingTouches(T, Addr, Size);
}

// Whether the memory event (K, Addr, Size, Site) that the current thread
// T reached is no decision now.
__attribute__((always_inline)) inline bool
passesWithoutDecision(const ThreadState *T, EventKind K, uintptr_t Addr,
                      uintptr_t Size, const schedsan_site *Site) {
  return (decisionsFiltered() && !isDecisionSite(Site)) ||
         isUnconflictedUpdateWrite(T, K, Addr, Size, Site);
}

} // namespace schedsan

#endif // SCHEDSAN_DECISION_H
