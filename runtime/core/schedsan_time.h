//===- schedsan_time.h - Virtual time ---------------------------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_time.h
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

#include "core/schedsan_rt.h"

#include <time.h>

namespace schedsan {

constexpr uint64_t kNsPerSec = 1000000000ull;

// A timespec in nanoseconds (a negative one: 0), and back.
inline uint64_t toNs(const struct timespec &T) {
  if (T.tv_sec < 0)
    return 0;
  return (uint64_t)T.tv_sec * kNsPerSec + (uint64_t)T.tv_nsec;
}
inline struct timespec fromNs(uint64_t Ns) {
  struct timespec T;
  T.tv_sec = (time_t)(Ns / kNsPerSec);
  T.tv_nsec = (long)(Ns % kNsPerSec);
  return T;
}

bool virtualTime(); // time=virtual
const char *timeModelName();

// Clock's real value (the real clock_gettime, whatever the time model).
uint64_t realClockNs(clockid_t Clock);

// Starts a run's clock at 0 (beginRun).
void beginVirtualTime();

// Whether every enabled event is a no-progress event (spinning while
// others sleep: time may pass).
bool onlyNoProgressEnabled();

// Whether T's pending event E sleeps or waits for a deadline still ahead
// of the clock.
bool waitsForDeadline(const ThreadState *T, const Event &E);

// The earliest deadline a thread waits for; UINT64_MAX when no thread waits
// for one (or time=yield).
uint64_t nextDeadline();
// Moves the clock to nextDeadline(); false when there is none.
bool advanceVirtualTime();
// Moves the virtual clock on to At (if it is behind), when the caller waited
// for real until then while no other thread could act before it.
void advanceVirtualTimeTo(uint64_t At);

// Whether T's timed event (T->timed) may time out now: its deadline has
// passed (always, for try-forms and with time=yield).
inline bool timedOut(const ThreadState *T) {
  return T->timed && rt.now_ns >= T->deadline;
}

// Makes T's pending event timed with the deadline Abs on Clock (null: a
// try-form, which never waits).
void setDeadline(ThreadState *T, clockid_t Clock, const struct timespec *Abs);

// The deadline of a sleep of Ns nanoseconds that starts now.
inline uint64_t sleepDeadline(uint64_t Ns) { return rt.now_ns + Ns; }

// The deadline of a raw FUTEX_WAIT's timeout: relative, or absolute on
// Clock (one that stays real: now).
uint64_t futexDeadline(const struct timespec &Timeout, bool Absolute,
                       clockid_t Clock);

// Clock read by the calling thread, if it sees virtual time: the virtual
// clock on Clock's scale in *Ns, and the clock moves on by a read's cost.
// False for a thread that sees real time and for the clocks that stay real.
bool readVirtualClock(clockid_t Clock, uint64_t *Ns);

} // namespace schedsan

#endif // SCHEDSAN_TIME_H
