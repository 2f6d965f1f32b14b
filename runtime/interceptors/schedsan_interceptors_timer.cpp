//===- schedsan_interceptors_timer.cpp - Timers that notify in a thread ---===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors_timer.cpp
//
// DESCRIPTION:
//    timer_create with SIGEV_THREAD, by a controlled thread, on a clock the
//    run makes virtual (realtime and monotonic ones): the C library would
//    run the notification in a thread of its own making, which the run
//    never sees (a program waiting for it was a deadlock at once). Here
//    the timer is a controlled thread that the call creates (detached): it
//    waits for the timer's expiry with pthread_cond_clockwait on the
//    virtual clock, calls the notification function, and waits for the
//    next expiry (an interval timer) or to be set again. timer_settime,
//    timer_gettime, timer_getoverrun and timer_delete act on it; on any
//    other timer (a signal's, a CPU-time clock's, one made by a thread the
//    run does not control) they are the real calls. The notifications of
//    one timer run in that one thread, one after the other; an expiry that
//    a long notification let pass is counted as an overrun.
//===----------------------------------------------------------------------===//
#include "core/schedsan_time.h"
#include "interceptors/schedsan_interceptors.h"

#include <atomic>
#include <errno.h>
#include <new>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>

using namespace schedsan;

namespace {

struct ThreadTimer {
  pthread_mutex_t M = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t C = PTHREAD_COND_INITIALIZER;
  clockid_t Clock = CLOCK_MONOTONIC;
  uint64_t ExpiryNs = 0; // on Clock's scale; 0: disarmed
  uint64_t IntervalNs = 0;
  int Overruns = 0;
  bool Deleted = false;
  void (*Notify)(union sigval) = nullptr;
  union sigval Value = {};
};

// The timers made here: a timer_t that is one of these is ours.
constexpr unsigned kMaxTimers = 256;
std::atomic<ThreadTimer *> Timers[kMaxTimers];

bool add(ThreadTimer *T) {
  for (auto &Slot : Timers) {
    ThreadTimer *Free = nullptr;
    if (Slot.compare_exchange_strong(Free, T))
      return true;
  }
  return false;
}

ThreadTimer *find(timer_t Id) {
  for (auto &Slot : Timers)
    if (Id && Slot.load() == static_cast<ThreadTimer *>(Id))
      return static_cast<ThreadTimer *>(Id);
  return nullptr;
}

void remove(ThreadTimer *T) {
  for (auto &Slot : Timers) {
    ThreadTimer *Was = T;
    if (Slot.compare_exchange_strong(Was, nullptr))
      return;
  }
}

uint64_t nowNs(clockid_t Clock) {
  struct timespec Ts;
  clock_gettime(Clock, &Ts); // virtual for a controlled thread
  return toNs(Ts);
}

// The clocks timer_create takes that the run makes virtual (the coarse and
// raw ones are virtual but no timer's; CPU-time clocks stay real).
bool virtualClock(clockid_t Clock) {
  switch (Clock) {
  case CLOCK_REALTIME:
  case CLOCK_MONOTONIC:
  case CLOCK_BOOTTIME:
  case CLOCK_TAI:
    return true;
  default:
    return false;
  }
}

// The time until T's next expiry (0: disarmed; one that is due but not
// yet notified, 1 ns), and its interval, as timer_gettime gives them.
struct itimerspec timeLeft(const ThreadTimer &T, uint64_t Now) {
  struct itimerspec Left;
  Left.it_value = fromNs(T.ExpiryNs > Now ? T.ExpiryNs - Now
                         : T.ExpiryNs     ? 1
                                          : 0);
  Left.it_interval = fromNs(T.IntervalNs);
  return Left;
}

bool validTime(const struct timespec &T) {
  return T.tv_sec >= 0 && T.tv_nsec >= 0 && T.tv_nsec < (long)kNsPerSec;
}

void *timerThread(void *Arg) {
  auto *T = static_cast<ThreadTimer *>(Arg);
  pthread_mutex_lock(&T->M);
  while (!T->Deleted) {
    if (!T->ExpiryNs) {
      pthread_cond_wait(&T->C, &T->M);
      continue;
    }
    const struct timespec At = fromNs(T->ExpiryNs);
    if (pthread_cond_clockwait(&T->C, &T->M, T->Clock, &At) != ETIMEDOUT)
      continue; // set again, deleted, or woken for nothing
    const uint64_t Now = nowNs(T->Clock);
    if (T->Deleted || !T->ExpiryNs || Now < T->ExpiryNs)
      continue;
    uint64_t Next = 0;
    if (T->IntervalNs) {
      const uint64_t Missed = (Now - T->ExpiryNs) / T->IntervalNs;
      T->Overruns = (int)(Missed < INT32_MAX ? Missed : INT32_MAX);
      Next = T->ExpiryNs + (Missed + 1) * T->IntervalNs;
    }
    T->ExpiryNs = Next;
    void (*Notify)(union sigval) = T->Notify;
    const union sigval Value = T->Value;
    pthread_mutex_unlock(&T->M);
    Notify(Value);
    pthread_mutex_lock(&T->M);
  }
  pthread_mutex_unlock(&T->M);
  pthread_cond_destroy(&T->C);
  pthread_mutex_destroy(&T->M);
  free(T);
  return nullptr;
}

} // namespace

extern "C" {

int timer_create(clockid_t Clock, struct sigevent *Event, timer_t *Id) __THROW {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call || !Event || Event->sigev_notify != SIGEV_THREAD ||
      !virtualClock(Clock) || !Event->sigev_notify_function)
    return SCHEDSAN_REAL(timer_create)(Clock, Event, Id);
  // malloc, not new: a C program's runtime needs no C++ library.
  void *Mem = malloc(sizeof(ThreadTimer));
  if (!Mem) {
    errno = EAGAIN;
    return -1;
  }
  auto *T = new (Mem) ThreadTimer;
  T->Clock = Clock;
  T->Notify = Event->sigev_notify_function;
  T->Value = Event->sigev_value;
  pthread_t Thread;
  if (!add(T)) {
    free(T);
    errno = EAGAIN;
    return -1;
  }
  if (int E = pthread_create(&Thread, nullptr, timerThread, T)) {
    remove(T);
    free(T);
    errno = E;
    return -1;
  }
  pthread_detach(Thread);
  *Id = static_cast<timer_t>(T);
  return 0;
}

int timer_settime(timer_t Id, int Flags, const struct itimerspec *New,
                  struct itimerspec *Old) __THROW {
  ThreadTimer *T = find(Id);
  if (!T)
    return SCHEDSAN_REAL(timer_settime)(Id, Flags, New, Old);
  if (!New || !validTime(New->it_value) || !validTime(New->it_interval)) {
    errno = EINVAL;
    return -1;
  }
  pthread_mutex_lock(&T->M);
  const uint64_t Now = nowNs(T->Clock);
  if (Old)
    *Old = timeLeft(*T, Now);
  const uint64_t Value = toNs(New->it_value);
  T->IntervalNs = Value ? toNs(New->it_interval) : 0;
  T->ExpiryNs = !Value ? 0 : Flags & TIMER_ABSTIME ? Value : Now + Value;
  T->Overruns = 0;
  pthread_cond_signal(&T->C);
  pthread_mutex_unlock(&T->M);
  return 0;
}

int timer_gettime(timer_t Id, struct itimerspec *Cur) __THROW {
  ThreadTimer *T = find(Id);
  if (!T)
    return SCHEDSAN_REAL(timer_gettime)(Id, Cur);
  pthread_mutex_lock(&T->M);
  *Cur = timeLeft(*T, nowNs(T->Clock));
  pthread_mutex_unlock(&T->M);
  return 0;
}

int timer_getoverrun(timer_t Id) __THROW {
  ThreadTimer *T = find(Id);
  if (!T)
    return SCHEDSAN_REAL(timer_getoverrun)(Id);
  pthread_mutex_lock(&T->M);
  const int N = T->Overruns;
  pthread_mutex_unlock(&T->M);
  return N;
}

int timer_delete(timer_t Id) __THROW {
  ThreadTimer *T = find(Id);
  if (!T)
    return SCHEDSAN_REAL(timer_delete)(Id);
  remove(T);
  pthread_mutex_lock(&T->M);
  T->Deleted = true; // its thread frees it
  pthread_cond_signal(&T->C);
  pthread_mutex_unlock(&T->M);
  return 0;
}

} // extern "C"
