//===- schedsan_interceptors_time.cpp - Sleeps and clocks -----------------===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors_time.cpp
//
// DESCRIPTION:
//    sleep, usleep, nanosleep and clock_nanosleep, and poll, ppoll, select
//    and pselect with no descriptor and a timeout, wait on the virtual clock
//    (a yield with time=yield); they never sleep for real, and a handler
//    of the program that begins meanwhile ends them with EINTR. poll, ppoll,
//    select and pselect with descriptors, and epoll_wait, epoll_pwait and
//    epoll_pwait2, wait in slices of the virtual clock while another controlled
//    thread may act before their timeout (waitLooking,
//    schedsan_interceptors.h), and for real otherwise; a handler of the program
//    that runs meanwhile ends them with EINTR. clock_gettime, gettimeofday,
//    time and timespec_get return the virtual clock to a thread that sees it.
//    The time model itself is in schedsan_time.cpp.
//===----------------------------------------------------------------------===//
#include "core/schedsan_sync.h"
#include "core/schedsan_time.h"
#include "interceptors/schedsan_interceptors.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <string.h>
#include <sys/select.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

using namespace schedsan;

namespace {

uint64_t requestNs(const struct timespec *Req) { return Req ? toNs(*Req) : 0; }

struct timeval toTimeval(uint64_t Ns) {
  return {(time_t)(Ns / kNsPerSec), (suseconds_t)(Ns % kNsPerSec / 1000)};
}

// A select's descriptor sets, kept so that each look starts from the
// caller's (select overwrites them with the ready ones).
struct SelectSets {
  fd_set *Sets[3];
  fd_set Saved[3];
  SelectSets(fd_set *Read, fd_set *Write, fd_set *Except)
      : Sets{Read, Write, Except} {
    for (int I = 0; I != 3; ++I)
      if (Sets[I])
        Saved[I] = *Sets[I];
  }
  void restore() {
    for (int I = 0; I != 3; ++I)
      if (Sets[I])
        *Sets[I] = Saved[I];
  }
};

// Whether P is non-null, although libc declares the parameter nonnull
// (callers may still pass null; the real functions tolerate some).
template <typename T> bool given(T *P) {
  asm("" : "+r"(P));
  return P != nullptr;
}

int eintr() {
  errno = EINTR;
  return -1;
}

// A wait on no descriptor for Ns: 0, or -1 with EINTR when a handler of the
// program ended it.
int sleepOrEintr(const InterceptedCall &Call, uint64_t Ns) {
  return sleepFor(Call, Ns) ? eintr() : 0;
}

// poll and its checked form (Real: the real call as made).
template <typename RealFn>
int pollAs(const InterceptedCall &Call, struct pollfd *Fds, nfds_t N,
           int TimeoutMs, RealFn Real) {
  if (!Call || (N == 0 && TimeoutMs < 0))
    return Real();
  const uint64_t Ns = pollTimeoutNs(TimeoutMs);
  if (N == 0)
    return sleepOrEintr(Call, Ns);
  return waitLooking(Call, Ns, [&](uint64_t WaitNs) {
    return SCHEDSAN_REAL(poll)(Fds, N, pollMs(WaitNs));
  });
}

// ppoll and its checked form.
template <typename RealFn>
int ppollAs(const InterceptedCall &Call, struct pollfd *Fds, nfds_t N,
            const struct timespec *Timeout, const sigset_t *Mask, RealFn Real) {
  if (!Call || (N == 0 && !Timeout))
    return Real();
  if (N == 0)
    return sleepOrEintr(Call, requestNs(Timeout));
  return waitLooking(
      Call, Timeout ? requestNs(Timeout) : kForever, [&](uint64_t WaitNs) {
        struct timespec Buf;
        return SCHEDSAN_REAL(ppoll)(Fds, N, asTimespec(WaitNs, &Buf), Mask);
      });
}

} // namespace

namespace schedsan {

bool sleepFor(const InterceptedCall &Call, uint64_t Ns, uint64_t *Left) {
  ThreadState *T = Call.thread();
  if (Left)
    *Left = 0;
  if (!virtualTime() || Ns == 0) {
    Call.publish(EventKind::Yield, nullptr).is_yield = true;
    Call.schedule();
    actOnCancel(T);
    return false;
  }
  Call.publish(EventKind::Sleep, nullptr);
  T->deadline = sleepDeadline(Ns);
  T->sleep_handler_starts = T->handler_starts.load(std::memory_order_acquire);
  T->sleep_ends_at_handler = true;
  Call.schedule();
  T->sleep_ends_at_handler = false;
  const bool Ended = T->handlerBeganInSleep() && rt.now_ns < T->deadline;
  if (Ended && Left)
    *Left = T->deadline - rt.now_ns;
  T->deadline = 0;
  actOnCancel(T);
  return Ended;
}

bool othersMayActBy(const ThreadState *T, uint64_t At) {
  for (unsigned I = 0; I != rt.num_live; ++I) {
    const ThreadState *U = rt.live[I];
    const Event &E = rt.pending[I];
    if (U == T || isAway(U))
      continue;
    // Enabled now, not at the last pick: the caller may have just released
    // what U waits for (a mutex unlocked before the wait).
    if (enabledNow(U, E) || (waitsForDeadline(U, E) && U->deadline <= At))
      return true;
  }
  return false;
}

} // namespace schedsan

extern "C" {

// A handler of the program that begins during a sleep ends it, as it ends
// a real one with EINTR: sleep returns the seconds left (as glibc rounds
// them), the others EINTR and the time left.
unsigned sleep(unsigned Seconds) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(sleep)(Seconds);
  uint64_t Left;
  sleepFor(Call, (uint64_t)Seconds * kNsPerSec, &Left);
  return (unsigned)(Left / kNsPerSec + (Left % kNsPerSec >= kNsPerSec / 2));
}

int usleep(useconds_t Usec) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(usleep)(Usec);
  return sleepOrEintr(Call, (uint64_t)Usec * 1000ull);
}

int nanosleep(const struct timespec *Req, struct timespec *Rem) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(nanosleep)(Req, Rem);
  uint64_t Left;
  const bool Ended = sleepFor(Call, requestNs(Req), &Left);
  if (Rem)
    *Rem = fromNs(Left);
  return Ended ? eintr() : 0;
}

int clock_nanosleep(clockid_t Clock, int Flags, const struct timespec *Req,
                    struct timespec *Rem) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(clock_nanosleep)(Clock, Flags, Req, Rem);
  uint64_t Ns = requestNs(Req);
  if (Flags & TIMER_ABSTIME) {
    struct timespec Now;
    clock_gettime(Clock, &Now); // virtual for the clocks that are
    uint64_t NowNs = toNs(Now);
    Ns = Ns > NowNs ? Ns - NowNs : 0;
  }
  uint64_t Left;
  const bool Ended = sleepFor(Call, Ns, &Left);
  if (Rem && !(Flags & TIMER_ABSTIME))
    *Rem = fromNs(Left);
  return Ended ? EINTR : 0; // an error number, not errno
}

// poll, ppoll, select and pselect with no descriptor and a finite timeout
// are sleeps; with descriptors, waitLooking. With no descriptor and
// no timeout they are the real calls (a wait for a signal).
int poll(struct pollfd *Fds, nfds_t N, int TimeoutMs) {
  InterceptedCall Call(SCHEDSAN_PC());
  return pollAs(Call, Fds, N, TimeoutMs,
                [&] { return SCHEDSAN_REAL(poll)(Fds, N, TimeoutMs); });
}

// The checked form (_FORTIFY_SOURCE): more descriptors than Fds holds go
// straight to the real call, which reports them.
int __poll_chk(struct pollfd *Fds, nfds_t N, int TimeoutMs, size_t FdsLen) {
  InterceptedCall Call(SCHEDSAN_PC());
  auto Real = [&] {
    return SCHEDSAN_REAL(__poll_chk)(Fds, N, TimeoutMs, FdsLen);
  };
  return FdsLen / sizeof(*Fds) < N ? Real()
                                   : pollAs(Call, Fds, N, TimeoutMs, Real);
}

int ppoll(struct pollfd *Fds, nfds_t N, const struct timespec *Timeout,
          const sigset_t *Mask) {
  InterceptedCall Call(SCHEDSAN_PC());
  return ppollAs(Call, Fds, N, Timeout, Mask,
                 [&] { return SCHEDSAN_REAL(ppoll)(Fds, N, Timeout, Mask); });
}

int __ppoll_chk(struct pollfd *Fds, nfds_t N, const struct timespec *Timeout,
                const sigset_t *Mask, size_t FdsLen) {
  InterceptedCall Call(SCHEDSAN_PC());
  auto Real = [&] {
    return SCHEDSAN_REAL(__ppoll_chk)(Fds, N, Timeout, Mask, FdsLen);
  };
  return FdsLen / sizeof(*Fds) < N ? Real()
                                   : ppollAs(Call, Fds, N, Timeout, Mask, Real);
}

int select(int N, fd_set *Read, fd_set *Write, fd_set *Except,
           struct timeval *Timeout) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call || (N == 0 && !Timeout) ||
      (Timeout && (Timeout->tv_sec < 0 || Timeout->tv_usec < 0)))
    return SCHEDSAN_REAL(select)(N, Read, Write, Except, Timeout);
  const uint64_t Ns = Timeout ? (uint64_t)Timeout->tv_sec * kNsPerSec +
                                    (uint64_t)Timeout->tv_usec * 1000ull
                              : kForever;
  if (N == 0) {
    uint64_t Left;
    const bool Ended = sleepFor(Call, Ns, &Left);
    *Timeout = toTimeval(Left); // Linux's select leaves the time not slept
    return Ended ? eintr() : 0;
  }
  SelectSets Sets(Read, Write, Except);
  const uint64_t End = Ns == kForever ? kForever : sleepDeadline(Ns);
  const int R = waitLooking(Call, Ns, [&](uint64_t WaitNs) {
    Sets.restore();
    struct timeval Tv = toTimeval(WaitNs);
    return SCHEDSAN_REAL(select)(N, Read, Write, Except,
                                 WaitNs == kForever ? nullptr : &Tv);
  });
  if (Timeout) // the time not slept, on the virtual clock
    *Timeout = toTimeval(End > rt.now_ns ? End - rt.now_ns : 0);
  return R;
}

int pselect(int N, fd_set *Read, fd_set *Write, fd_set *Except,
            const struct timespec *Timeout, const sigset_t *Mask) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call || (N == 0 && !Timeout))
    return SCHEDSAN_REAL(pselect)(N, Read, Write, Except, Timeout, Mask);
  if (N == 0)
    return sleepOrEintr(Call, requestNs(Timeout));
  SelectSets Sets(Read, Write, Except);
  return waitLooking(
      Call, Timeout ? requestNs(Timeout) : kForever, [&](uint64_t WaitNs) {
        Sets.restore();
        struct timespec Buf;
        return SCHEDSAN_REAL(pselect)(N, Read, Write, Except,
                                      asTimespec(WaitNs, &Buf), Mask);
      });
}

// An epoll set's descriptors are not in the call: epoll_wait and
// epoll_pwait(2) always look with waitLooking (a set may be empty and
// still be waited on; so is a real wait then).
int epoll_wait(int Epfd, struct epoll_event *Events, int Max, int TimeoutMs) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(epoll_wait)(Epfd, Events, Max, TimeoutMs);
  return waitLooking(Call, pollTimeoutNs(TimeoutMs), [&](uint64_t WaitNs) {
    return SCHEDSAN_REAL(epoll_wait)(Epfd, Events, Max, pollMs(WaitNs));
  });
}

int epoll_pwait(int Epfd, struct epoll_event *Events, int Max, int TimeoutMs,
                const sigset_t *Mask) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(epoll_pwait)(Epfd, Events, Max, TimeoutMs, Mask);
  return waitLooking(Call, pollTimeoutNs(TimeoutMs), [&](uint64_t WaitNs) {
    return SCHEDSAN_REAL(epoll_pwait)(Epfd, Events, Max, pollMs(WaitNs), Mask);
  });
}

int epoll_pwait2(int Epfd, struct epoll_event *Events, int Max,
                 const struct timespec *Timeout, const sigset_t *Mask) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(epoll_pwait2)(Epfd, Events, Max, Timeout, Mask);
  return waitLooking(Call, Timeout ? requestNs(Timeout) : kForever,
                     [&](uint64_t WaitNs) {
                       struct timespec Buf;
                       return SCHEDSAN_REAL(epoll_pwait2)(
                           Epfd, Events, Max, asTimespec(WaitNs, &Buf), Mask);
                     });
}

int clock_gettime(clockid_t Clock, struct timespec *Ts) __THROW {
  uint64_t Ns;
  if (given(Ts) && readVirtualClock(Clock, &Ns)) {
    *Ts = fromNs(Ns);
    return 0;
  }
  resolveEarly(SCHEDSAN_REAL(clock_gettime));
  return SCHEDSAN_REAL(clock_gettime)(Clock, Ts);
}

int gettimeofday(struct timeval *Tv, void *Tz) __THROW {
  uint64_t Ns;
  if (given(Tv) && readVirtualClock(CLOCK_REALTIME, &Ns)) {
    Tv->tv_sec = (time_t)(Ns / kNsPerSec);
    Tv->tv_usec = (suseconds_t)(Ns % kNsPerSec / 1000);
    if (Tz)
      memset(Tz, 0, sizeof(struct timezone));
    return 0;
  }
  struct timespec Ts;
  clock_gettime(CLOCK_REALTIME, &Ts);
  if (given(Tv)) {
    Tv->tv_sec = Ts.tv_sec;
    Tv->tv_usec = Ts.tv_nsec / 1000;
  }
  if (Tz)
    memset(Tz, 0, sizeof(struct timezone));
  return 0;
}

time_t time(time_t *Out) __THROW {
  struct timespec Ts;
  clock_gettime(CLOCK_REALTIME, &Ts);
  if (Out)
    *Out = Ts.tv_sec;
  return Ts.tv_sec;
}

int timespec_get(struct timespec *Ts, int Base) __THROW {
  if (Base != TIME_UTC || clock_gettime(CLOCK_REALTIME, Ts) != 0)
    return 0;
  return Base;
}

} // extern "C"
