//===- schedsan_time.h - Virtual time ---------------------------*- C++ -*-===//
//
// FILE:
//    runtime/schedsan_time.h
//
// DESCRIPTION:
//    The time model (schedsan_time.cpp states it in full). With time=virtual
//    (the default) sleeps and timed waits wait for a deadline on a virtual
//    clock that advances only when no thread can go on, and the clock
//    functions return that clock, so time-dependent code replays exactly.
//    With time=yield sleeps are yields, timed waits may time out whenever
//    they are picked, and clocks are real (for hunting timeout races).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_TIME_H
#define SCHEDSAN_TIME_H

#include "schedsan_rtl.h"

#include <time.h>

namespace schedsan {

bool virtualTime(); // time=virtual
const char *timeModelName();

// Starts a run's clock at 0 (beginRun).
void beginVirtualTime();

// Whether every enabled event is a no-progress event (spinning while
// others sleep: time may pass).
bool onlyNoProgressEnabled();

// Moves the clock to the earliest deadline a thread waits for; false when
// no thread waits for one (or time=yield).
bool advanceVirtualTime();

// Whether T's timed event (T->timed) may time out now: its deadline has
// passed (always, for try-forms and with time=yield).
inline bool timedOut(const ThreadState *T) {
  return T->timed && rt.now_ns >= T->deadline;
}

// Makes T's pending event timed with the deadline Abs on Clock (null: a
// try-form, which never waits).
void setDeadline(ThreadState *T, clockid_t Clock, const struct timespec *Abs);

// A sleep of Ns nanoseconds (relative) by T: a yield with time=yield.
void sleepFor(ThreadState *T, uint64_t Ns, const void *Pc);

// A raw FUTEX_WAIT on Word (expecting Value) with a timeout (relative, or
// absolute on Clock): with virtual time, T waits until the word changes or
// the deadline passes. Returns 0 (woken) or ETIMEDOUT; -1 with time=yield,
// where the caller yields as for an untimed wait.
int futexWaitFor(ThreadState *T, const int *Word, int Value,
                 const struct timespec *Timeout, bool Absolute,
                 clockid_t Clock, const void *Pc);

// The real CLOCK_MONOTONIC in nanoseconds (for the runtime's own timing).
uint64_t realMonotonicNs();

} // namespace schedsan

#endif // SCHEDSAN_TIME_H
