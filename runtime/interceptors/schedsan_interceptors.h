//===- schedsan_interceptors.h - What every interceptor does ----*- C++ -*-===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors.h
//
// DESCRIPTION:
//    Each interceptor (schedsan_interceptors.inc names them all) is pre-hook
//    (publish the event, wait to be scheduled), real call, post-hook
//    (update the model). Two types carry the bracket:
//
//      InterceptedCall Call(SCHEDSAN_PC());
//      if (!Call)                             // not a controlled thread:
//        return SCHEDSAN_REAL(f)(Args);       //   the real call, no more
//      Call.point(EventKind::MutexUnlock, M); // publish, wait to be picked
//      ScopedRuntimeMode InRuntime(Call);     // to the end of the scope:
//      int R = SCHEDSAN_REAL(f)(Args);        //   the real call,
//      if (R == 0) released(M, Call.tid());   //   the post-hook,
//      return R;                              // then back under control
//
//    An event with extra fields (is_yield, a deadline) is published with
//    publish(), which returns it, and waited for with schedule().
//    Definitions repeat glibc's exception specifications (__THROW) so they
//    match <pthread.h>'s declarations.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_INTERCEPTORS_H
#define SCHEDSAN_INTERCEPTORS_H

#include "core/schedsan_init.h"
#include "core/schedsan_interception.h"
#include "core/schedsan_rtl.h"
#include "core/schedsan_time.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>

// Where an interceptor's event is located: the interceptor's caller. Only
// in the interceptor's own body (in a function it calls, the address would
// be in the runtime).
#define SCHEDSAN_PC() __builtin_return_address(0)

namespace schedsan {

// The calling thread if the runtime controls it now, else null (the call
// then goes straight to the real function).
inline ThreadState *controlledThread() {
  if (__builtin_expect(!rt.initialized, 0))
    ensureInit();
  ThreadState *T = cur_thread;
  if (!T || !rt.active || T->mode == Mode::InRuntime ||
      T->mode == Mode::Uncontrolled)
    return nullptr;
  return T;
}

// One call of an interceptor: the calling thread, if controlled, and the
// caller's PC, at which its events are located.
class InterceptedCall {
public:
  explicit InterceptedCall(const void *Pc) : T(controlledThread()), Pc(Pc) {}
  InterceptedCall(const InterceptedCall &) = delete;
  InterceptedCall &operator=(const InterceptedCall &) = delete;

  // False: the thread is not controlled (runtime not active, a thread of
  // the runtime's own, inside the runtime already); only the real function
  // runs.
  explicit operator bool() const { return T != nullptr; }
  ThreadState *thread() const { return T; }
  Tid tid() const { return T->tid; }

  // Publishes the thread's pending event K on Obj; the caller may set
  // further fields of the event before schedule().
  Event &publish(EventKind K, const void *Obj) const {
    Event &E = setPending(T, K, reinterpret_cast<uintptr_t>(Obj), 1, true);
    T->pc = Pc;
    return E;
  }
  // Returns when the strategy picked the published event.
  void schedule() const { schedsan::schedule(T); }
  // A scheduling point: publish(), then schedule().
  void point(EventKind K, const void *Obj) const {
    publish(K, Obj);
    schedule();
  }

private:
  ThreadState *const T;
  const void *const Pc;
};

// The real call and the post-hook that follows it: while the scope lasts
// the thread is inside the runtime, so events of the code the real
// function runs are not scheduled (and the watchdog does not release a
// thread that blocks in it); back under control at its end.
class ScopedRuntimeMode {
public:
  explicit ScopedRuntimeMode(const InterceptedCall &Call) : T(Call.thread()) {
    T->mode = Mode::InRuntime;
  }
  ~ScopedRuntimeMode() { T->mode = Mode::Controlled; }
  ScopedRuntimeMode(const ScopedRuntimeMode &) = delete;
  ScopedRuntimeMode &operator=(const ScopedRuntimeMode &) = delete;

private:
  ThreadState *const T;
};

// At a cancellation point that T reached (and was picked at): if a cancel
// is pending, T acts on it now (pthread_testcancel: cleanup handlers, then
// the thread ends as by pthread_exit). Does not return then.
inline void actOnCancel(ThreadState *T) {
  if (!T->cancelPending())
    return;
  T->mode = Mode::Controlled; // cleanup handlers run under control
  pthread_testcancel();
}

// Waits that the run cannot see end: a descriptor made ready (poll,
// select: schedsan_interceptors_time.cpp), a signal sent (sigwait:
// schedsan_interceptors_signal.cpp). Another controlled thread can cause it
// only while the waiter lets that thread run.
// No timeout.
constexpr uint64_t kForever = UINT64_MAX;
// waitLooking looks again after this much virtual time.
constexpr uint64_t kLookSliceNs = 1000000;

// Ns as poll's timeout in milliseconds (rounded up; kForever: -1).
inline int pollMs(uint64_t Ns) {
  if (Ns == kForever)
    return -1;
  const uint64_t Ms = (Ns + 999999) / 1000000;
  return Ms > INT_MAX ? INT_MAX : (int)Ms;
}

// poll's timeout of Ms milliseconds in nanoseconds (negative: kForever).
inline uint64_t pollTimeoutNs(int Ms) {
  return Ms < 0 ? kForever : (uint64_t)Ms * 1000000ull;
}

// Ns as a timespec in Buf, for a real call's timeout (kForever: null, none).
inline const struct timespec *asTimespec(uint64_t Ns, struct timespec *Buf) {
  if (Ns == kForever)
    return nullptr;
  *Buf = fromNs(Ns);
  return Buf;
}

// A sleep of Ns nanoseconds (relative): a Sleep event, enabled once the
// virtual clock reaches its deadline or a handler of the program begins
// (then true, and *Left the time not slept; else 0); a yield with
// time=yield (or Ns 0). A sleep is a cancellation point.
bool sleepFor(const InterceptedCall &Call, uint64_t Ns,
              uint64_t *Left = nullptr);

// Whether a controlled thread other than T may act before the virtual
// clock reaches At: its event is enabled now, or it sleeps or waits with
// a deadline no later.
bool othersMayActBy(const ThreadState *T, uint64_t At);

// The thread whose handle is P (pthread_t values are reused once a thread
// is gone: the newest thread with the handle is the one meant), or null.
ThreadState *findThread(pthread_t P);

// The program's signal handlers (schedsan_interceptors_sigaction.cpp).
// Whether the program installed a handler of its own for Sig.
bool programHandles(int Sig);
// A send of Sig by Sender to U whose handler the sender is to wait for:
// U waits for its turn, has a handler of the program for Sig and does not
// block it (else thread is null).
struct HandlerWait {
  ThreadState *thread = nullptr;
  uint32_t starts = 0; // U's ThreadState::handler_starts before the send
};
HandlerWait beforeSend(const ThreadState *Sender, ThreadState *U, int Sig);
// After the send: lets the handler run to its end before the sender goes
// on, or sets the thread away after kHandlerWaitMs.
void awaitHandler(const HandlerWait &W, int Sig);
constexpr uint32_t kHandlerWaitMs = 100;

// Wait(Ns) for real. The runtime's own signals (the watchdog's, a
// report's stack capture) end a real poll or select with EINTR although no
// handler of the program ran: the wait goes on for what is left (the
// program never sees such an EINTR).
template <typename WaitFn>
int waitForReal(const ThreadState *T, uint64_t Ns, WaitFn Wait) {
  for (;;) {
    const uint32_t Handlers = T->handler_starts.load(std::memory_order_acquire);
    const uint64_t Start = realClockNs(CLOCK_MONOTONIC);
    const int R = Wait(Ns);
    if (R >= 0 || errno != EINTR || Ns == 0 ||
        T->handler_starts.load(std::memory_order_acquire) != Handlers)
      return R;
    if (Ns != kForever) {
      const uint64_t Waited = realClockNs(CLOCK_MONOTONIC) - Start;
      if (Waited >= Ns)
        return 0;
      Ns -= Waited;
    }
  }
}

// A wait with a timeout of TimeoutNs (kForever: none). Wait(Ns) is the
// real call with a timeout of Ns (0: it only looks; kForever: none) and
// returns 0 when it found nothing. While another controlled thread may act
// before the timeout, the caller looks (Wait(0)) and sleeps a slice of
// virtual time (a Sleep event: the others run, the clock moves when they
// all wait; a signal sent ends a signal wait's slice early,
// ThreadState::signal_wait), until Wait finds something or the timeout has
// passed on the virtual clock (0 then). Otherwise the rest of the timeout
// is waited for real, and passes on the virtual clock too. A handler of the
// program that runs during a slice ends the wait with -1/EINTR, as it ends
// a real poll, select, epoll_wait, sigtimedwait, pause or sigsuspend (with
// SA_RESTART or not: signal(7)).
template <typename WaitFn>
int waitLooking(const InterceptedCall &Call, uint64_t TimeoutNs, WaitFn Wait) {
  ThreadState *T = Call.thread();
  if (!virtualTime() || TimeoutNs == 0)
    return waitForReal(T, TimeoutNs, Wait);
  const uint64_t End =
      TimeoutNs == kForever ? kForever : sleepDeadline(TimeoutNs);
  const uint32_t Handlers = T->handler_starts.load(std::memory_order_acquire);
  for (;;) {
    if (T->handler_starts.load(std::memory_order_acquire) != Handlers) {
      errno = EINTR;
      return -1;
    }
    // Before the look: a signal sent after it ends the slice.
    T->signal_sends_seen = __atomic_load_n(&rt.signal_sends, __ATOMIC_SEQ_CST);
    const int R = Wait(0);
    if (R != 0 || rt.now_ns >= End)
      return R;
    const uint64_t Left = End == kForever ? kForever : End - rt.now_ns;
    if (!othersMayActBy(T, End)) {
      const int Real = waitForReal(T, Left, Wait);
      // Nothing came for the rest of the timeout: it passed on the virtual
      // clock too (the others sleep past it, and must see it pass).
      if (Real == 0 && End != kForever)
        advanceVirtualTimeTo(End);
      return Real;
    }
    sleepFor(Call, Left < kLookSliceNs ? Left : kLookSliceNs);
  }
}

} // namespace schedsan

#endif // SCHEDSAN_INTERCEPTORS_H
