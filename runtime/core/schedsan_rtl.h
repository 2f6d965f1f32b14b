//===- schedsan_rtl.h - Serialized execution: the scheduler -----*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_rtl.h
//
// DESCRIPTION:
//    Exactly one controlled thread runs at a time: the current one. At a
//    scheduling point it publishes its pending event, the strategy picks the
//    next thread among the enabled events, and the current thread either
//    continues (fast path: no syscall, no atomic read-modify-write) or wakes
//    the chosen thread with one futex wake and sleeps on its own futex word.
//    Only the current thread reads or writes scheduler state (schedsan_rt.h),
//    so it needs no locks; the watchdog's hand-over (schedsan_watchdog.cpp)
//    runs in the current thread itself, from a signal handler.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RTL_H
#define SCHEDSAN_RTL_H

#include "core/schedsan_fairness.h"
#include "core/schedsan_lease.h"
#include "core/schedsan_observer.h"
#include "core/schedsan_rt.h"
#include "core/schedsan_sites.h"

namespace schedsan {

// Called by the current thread T with T's pending event filled in: returns
// when T may perform it.
void schedule(ThreadState *T);
// Fills in the current thread's pending event; returns it for extra fields.
Event &setPending(ThreadState *T, EventKind K, uintptr_t Addr, uintptr_t Size,
                  bool IsWrite);
// Picks the thread that performs its pending event next. From is the thread
// deciding (null when it has just finished or was released).
ThreadState *pickNext(ThreadState *From);
// Makes Next current and wakes it. From (if any) must then wait its turn.
void handOver(ThreadState *From, ThreadState *Next);
// Sleeps until T is the current thread (and, if the thread before it left
// the run, until that thread has really ended: see awaitLeftThread).
void waitForTurn(ThreadState *T);
// A thread that leaves the run (threadExit) still runs in the C library
// after its exit event: the destructor rounds after the runtime's, freeing
// its malloc cache, its stack's release. Outside the schedule, that tail
// would race with the thread it handed over to, in real time (a use after
// free corrupting the leaver's malloc cache aborts in the tail or not).
// The leaver names itself in rt.leaving_ktid before it hands over; the
// thread it woke, T, waits here until the kernel thread is gone, at most
// kLeaverWaitMs (a tail blocked on what a waiting thread holds).
void awaitLeftThread(ThreadState *T);
constexpr unsigned kLeaverWaitMs = 1000;
// Takes back the released threads that asked to rejoin (their pending
// events become the run's again).
void acceptRejoins();
// The step budget is used up: reports a livelock.
[[noreturn]] void budgetExhausted();
// The watchdog released T; T reached a point: wait to be scheduled again.
void rejoin(ThreadState *T);
// A released T asks to be taken back; it does not wait.
void requestRejoin(ThreadState *T);
// T, away (ThreadState::park) until a handler of the program on it
// returned, is parked again and may be picked; wakes waitForRejoin.
void comeBack(ThreadState *T);
// Sleeps at most Ns (real time) for an away thread to come back (or a
// released one to ask to rejoin); if one did, virtual time moves on by the
// time slept and true.
bool waitForComeBack(uint64_t Ns);
// A non-thread choice in [0, N), recorded in the schedule.
uint32_t scheduleChoice(uint32_t N);

// The step of T's pending event that T makes without the strategy being
// asked (under a lease, or no decision): counted, told to the observers
// that watch passes, checked against the step budget.
__attribute__((always_inline)) inline void stepWithoutPick(ThreadState *T) {
  ++rt.steps;
  notifyPassed(T);
  if (__builtin_expect(rt.steps >= rt.budget, 0))
    budgetExhausted();
}

} // namespace schedsan

#endif // SCHEDSAN_RTL_H
