//===- schedsan_time.cpp - Virtual time -----------------------------------===//
//
// FILE:
//    runtime/core/schedsan_time.cpp
//
// DESCRIPTION:
//    The time model.
//
//    time=virtual (default). A run has a virtual clock, rt.now_ns, that
//    starts at 0. Sleeps (sleep, usleep, nanosleep, clock_nanosleep) are
//    Sleep events, enabled once the clock reaches their deadline. Timed
//    waits (pthread_cond_timedwait/clockwait, pthread_mutex_timedlock/
//    clocklock, pthread_rwlock_timed*lock, sem_timedwait/clockwait,
//    pthread_timedjoin_np) are enabled when they would not block, or once
//    the clock reaches their deadline; picked then, they time out. The
//    clock moves only at a scheduling point at which no thread is enabled,
//    or (in the fair phase, schedsan_fairness.cpp) every enabled thread is
//    spinning: then it jumps to the earliest deadline. Time passes only when
//    everything else is blocked, sleeping or spinning. So a sleep that
//    orders threads ("sleep so the worker starts") works as it does
//    natively with a generous sleep, and a wait that times out and is
//    retried never times out while another thread can still make progress.
//
//    clock_gettime (REALTIME, MONOTONIC and their COARSE/RAW variants,
//    BOOTTIME, TAI), gettimeofday, time and timespec_get return the virtual
//    clock plus the real clock's value when the run began (their
//    interceptors, like the sleeps', are in schedsan_interceptors_time.cpp,
//    and read the clock with readVirtualClock); absolute
//    deadlines are read back on the same scale. Each read by a controlled
//    thread moves the clock on by kClockReadNs, so that a loop that waits
//    for time to pass without blocking (`while (now() < end) {}`) ends.
//    CPU-time clocks stay real. Real time never decides a schedule: a
//    seed's run, its trace and its replay are the same every time.
//
//    What is lost: a race between a timeout and the event it waits for
//    (the timeout fires only when nothing else can happen). time=yield
//    keeps the model that finds those: sleeps are yields, a timed wait may
//    time out whenever it is picked while it would block, clocks are real.
//===----------------------------------------------------------------------===//
#include "core/schedsan_time.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_interception.h"
#include "core/schedsan_lease.h"
#include "core/schedsan_log.h"

namespace schedsan {

namespace {

// A clock read costs this much virtual time.
constexpr uint64_t kClockReadNs = 100;

// The real clocks when the run began, in whole seconds: the virtual
// clocks' origin. Whole seconds, so that every run of a seed starts at the
// same fraction of a second: a program that rounds the time (Abseil's
// timed waits) computes the same deadlines in each.
uint64_t RealtimeBase = 0, MonotonicBase = 0;

// The origin of Clock's virtual scale; false for clocks that stay real.
bool clockBase(clockid_t Clock, uint64_t *Base) {
  switch (Clock) {
  case CLOCK_REALTIME:
  case CLOCK_REALTIME_COARSE:
  case CLOCK_TAI:
    *Base = RealtimeBase;
    return true;
  case CLOCK_MONOTONIC:
  case CLOCK_MONOTONIC_RAW:
  case CLOCK_MONOTONIC_COARSE:
  case CLOCK_BOOTTIME:
    *Base = MonotonicBase;
    return true;
  default:
    return false;
  }
}

// The calling thread, if it sees virtual time.
ThreadState *virtualClockReader() {
  if (!rt.initialized || !rt.active || !virtualTime())
    return nullptr;
  ThreadState *T = cur_thread;
  if (!T || T->mode == Mode::Uncontrolled || T->mode == Mode::InRuntime)
    return nullptr;
  return T;
}

} // namespace

bool waitsForDeadline(const ThreadState *T, const Event &E) {
  return (E.kind == EventKind::Sleep || T->timed) && T->deadline > rt.now_ns;
}

uint64_t realClockNs(clockid_t Clock) {
  resolveEarly(SCHEDSAN_REAL(clock_gettime));
  struct timespec T = {0, 0};
  SCHEDSAN_REAL(clock_gettime)(Clock, &T);
  return toNs(T);
}

bool readVirtualClock(clockid_t Clock, uint64_t *Ns) {
  uint64_t Base;
  ThreadState *T = virtualClockReader();
  if (!T || !clockBase(Clock, &Base))
    return false;
  *Ns = Base + rt.now_ns;
  if (T->mode == Mode::Controlled) // a released thread runs beside others
    rt.now_ns += kClockReadNs;
  return true;
}

bool virtualTime() { return flags.time[0] == 'v'; }
const char *timeModelName() { return flags.time; }

void beginVirtualTime() {
  rt.now_ns = 0;
  RealtimeBase = realClockNs(CLOCK_REALTIME) / kNsPerSec * kNsPerSec;
  MonotonicBase = realClockNs(CLOCK_MONOTONIC) / kNsPerSec * kNsPerSec;
}

bool onlyNoProgressEnabled() {
  unsigned Enabled = 0;
  for (unsigned I = 0; I != rt.num_live; ++I) {
    const Event &E = rt.pending[I];
    if (!E.enabled)
      continue;
    // A futex wait's yield whose word another thread has changed since
    // (a post to the waiter's semaphore) goes on when it runs: it must run
    // before time passes, or a timed wait elsewhere times out first.
    if (!E.is_yield || rt.live[I]->futexWordChanged())
      return false;
    ++Enabled;
  }
  return Enabled != 0;
}

uint64_t nextDeadline() {
  if (!virtualTime())
    return UINT64_MAX;
  uint64_t Next = UINT64_MAX;
  for (unsigned I = 0; I != rt.num_live; ++I) {
    const ThreadState *T = rt.live[I];
    if (!isAway(T) && waitsForDeadline(T, rt.pending[I]) && T->deadline < Next)
      Next = T->deadline;
  }
  return Next;
}

bool advanceVirtualTime() {
  const uint64_t Next = nextDeadline();
  if (Next == UINT64_MAX)
    return false;
  advanceVirtualTimeTo(Next); // a deadline is always later than now
  return true;
}

void advanceVirtualTimeTo(uint64_t At) {
  if (!virtualTime() || At <= rt.now_ns)
    return;
  endLease(); // events become enabled without a scheduling point
  rt.now_ns = At;
}

void setDeadline(ThreadState *T, clockid_t Clock, const struct timespec *Abs) {
  T->timed = true;
  T->deadline = 0;
  uint64_t Base;
  if (!Abs || !virtualTime() || !clockBase(Clock, &Base))
    return;
  uint64_t At = toNs(*Abs);
  // A deadline already past times out at once; at least one point later
  // than now keeps "enabled only when nothing else can happen" true.
  T->deadline = At > Base + rt.now_ns ? At - Base : rt.now_ns;
}

uint64_t futexDeadline(const struct timespec &Timeout, bool Absolute,
                       clockid_t Clock) {
  uint64_t Base;
  if (!Absolute)
    return rt.now_ns + toNs(Timeout);
  if (clockBase(Clock, &Base))
    return toNs(Timeout) > Base ? toNs(Timeout) - Base : rt.now_ns;
  return rt.now_ns; // a clock that stays real: at once
}

} // namespace schedsan
