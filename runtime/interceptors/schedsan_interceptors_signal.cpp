//===- schedsan_interceptors_signal.cpp - Waits for signals ---------------===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors_signal.cpp
//
// DESCRIPTION:
//    sigwait, sigwaitinfo and sigtimedwait by a controlled thread wait as
//    waitLooking does (schedsan_interceptors.h): a look is sigtimedwait
//    with a zero timeout; between looks the thread sleeps a slice of virtual
//    time, which a signal that a thread of the program sends ends at once
//    (kill, raise, pthread_kill, pthread_sigqueue, sigqueue, killpg and tgkill
//    count their sends, each followed by a scheduling point, a "signal
//    send" event). So a signal thread that main stops with pthread_kill
//    at exit takes part in the schedule like any waiter, with no real wait
//    (which the watchdog would release after a second, leaving the run not
//    exactly replayable). When no other controlled thread can act before the
//    timeout, only the world outside can send the signal: the rest of the
//    wait is real. A send to one thread that has a handler for the signal
//    lets the handler run before the sender goes on (awaitHandler,
//    schedsan_interceptors_sigaction.cpp).
//===----------------------------------------------------------------------===//
#include "interceptors/schedsan_interceptors.h"

#include <errno.h>
#include <signal.h>
#include <sys/types.h>
#include <time.h>

using namespace schedsan;

namespace {

// A signal of Set taken into Info (may be null) within TimeoutNs (kForever:
// none), as sigtimedwait returns it: its number, or -1 with errno (EAGAIN:
// the timeout passed; EINTR: a handler ran).
int waitForSignal(const InterceptedCall &Call, const sigset_t *Set,
                  siginfo_t *Info, uint64_t TimeoutNs) {
  ThreadState *T = Call.thread();
  T->signal_wait = true;
  int Err = 0;
  int R = waitLooking(Call, TimeoutNs, [&](uint64_t WaitNs) {
    struct timespec Buf;
    int S = SCHEDSAN_REAL(sigtimedwait)(Set, Info, asTimespec(WaitNs, &Buf));
    Err = errno;
    return S < 0 && Err == EAGAIN ? 0 : S;
  });
  T->signal_wait = false;
  if (R < 0) // the real call's error, or EINTR: a handler ran meanwhile
    Err = errno;
  if (R == 0) { // nothing within the timeout
    R = -1;
    Err = EAGAIN;
  }
  errno = Err;
  return R;
}

// A send by the program (R: what the real call returned): a waiter's slice
// ends (waitLooking looks again), and a controlled sender comes to a
// scheduling point right after it, so that the waiter may take the signal
// before the sender's next one (two sends of one signal may coalesce).
int sent(const InterceptedCall &Call, int R) {
  __atomic_add_fetch(&rt.signal_sends, 1, __ATOMIC_SEQ_CST);
  if (Call) {
    const int Errno = errno;
    Call.point(EventKind::SignalSend, nullptr);
    errno = Errno;
  }
  return R;
}

} // namespace

// The controlled thread whose kernel id is Ktid, or null.
ThreadState *findKernelThread(pid_t Ktid) {
  for (unsigned I = 0; I != rt.num_live; ++I)
    if (rt.live[I]->ktid == Ktid)
      return rt.live[I];
  return nullptr;
}

// The real send (its pointer looked up first if the runtime has not started
// yet), then sent().
#define SCHEDSAN_SEND(Name, ...)                                               \
  do {                                                                         \
    InterceptedCall Call(SCHEDSAN_PC());                                       \
    resolveEarly(SCHEDSAN_REAL(Name));                                         \
    return sent(Call, SCHEDSAN_REAL(Name)(__VA_ARGS__));                       \
  } while (0)

// The same for a send to one thread, Target (a ThreadState * expression):
// its handler runs before the sender goes on (awaitHandler).
#define SCHEDSAN_SEND_TO(Target, Sig, Name, ...)                               \
  do {                                                                         \
    InterceptedCall Call(SCHEDSAN_PC());                                       \
    resolveEarly(SCHEDSAN_REAL(Name));                                         \
    const HandlerWait W =                                                      \
        Call ? beforeSend(Call.thread(), Target, Sig) : HandlerWait();         \
    const int R = SCHEDSAN_REAL(Name)(__VA_ARGS__);                            \
    if (R == 0 && W.thread) {                                                  \
      const int Errno = errno;                                                 \
      ScopedRuntimeMode InRuntime(Call); /* no watchdog meanwhile */           \
      awaitHandler(W, Sig);                                                    \
      errno = Errno;                                                           \
    }                                                                          \
    return sent(Call, R);                                                      \
  } while (0)

extern "C" {

int sigwait(const sigset_t *Set, int *Sig) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(sigwait)(Set, Sig);
  int S;
  do
    S = waitForSignal(Call, Set, nullptr, kForever);
  while (S < 0 && errno == EINTR); // sigwait is not interrupted
  if (S < 0)
    return errno;
  *Sig = S;
  return 0;
}

// pause and sigsuspend end when a handler of the program runs: they wait
// as waitLooking does, which ends the wait then with EINTR. A look finds
// nothing (pause), or a pending signal that Mask lets in (sigsuspend: the
// real call takes it at once); between looks a send ends sigsuspend's
// slice (a signal the thread blocks stays pending), and a send to a thread
// in pause runs its handler (awaitHandler).
int pause(void) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pause)();
  return waitLooking(Call, kForever, [&](uint64_t WaitNs) {
    return WaitNs ? SCHEDSAN_REAL(pause)() : 0;
  });
}

int sigsuspend(const sigset_t *Mask) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(sigsuspend)(Mask);
  ThreadState *T = Call.thread();
  T->signal_wait = true;
  const int R = waitLooking(Call, kForever, [&](uint64_t WaitNs) {
    sigset_t Pending;
    if (WaitNs == 0 && sigpending(&Pending) == 0) {
      bool LetIn = false;
      for (int Sig = 1; Sig < NSIG && !LetIn; ++Sig)
        LetIn = sigismember(&Pending, Sig) == 1 && !sigismember(Mask, Sig);
      if (!LetIn)
        return 0;
    }
    return SCHEDSAN_REAL(sigsuspend)(Mask);
  });
  T->signal_wait = false;
  return R;
}

int sigwaitinfo(const sigset_t *Set, siginfo_t *Info) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(sigwaitinfo)(Set, Info);
  return waitForSignal(Call, Set, Info, kForever);
}

int sigtimedwait(const sigset_t *Set, siginfo_t *Info,
                 const struct timespec *Timeout) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call || (Timeout && (Timeout->tv_sec < 0 || Timeout->tv_nsec < 0 ||
                            Timeout->tv_nsec >= (long)kNsPerSec)))
    return SCHEDSAN_REAL(sigtimedwait)(Set, Info, Timeout);
  return waitForSignal(Call, Set, Info, Timeout ? toNs(*Timeout) : kForever);
}

int kill(pid_t Pid, int Sig) __THROW { SCHEDSAN_SEND(kill, Pid, Sig); }

int killpg(pid_t Group, int Sig) __THROW { SCHEDSAN_SEND(killpg, Group, Sig); }

int raise(int Sig) __THROW { SCHEDSAN_SEND(raise, Sig); }

int sigqueue(pid_t Pid, int Sig, const union sigval Value) __THROW {
  SCHEDSAN_SEND(sigqueue, Pid, Sig, Value);
}

int pthread_kill(pthread_t Thread, int Sig) __THROW {
  SCHEDSAN_SEND_TO(findThread(Thread), Sig, pthread_kill, Thread, Sig);
}

int pthread_sigqueue(pthread_t Thread, int Sig,
                     const union sigval Value) __THROW {
  SCHEDSAN_SEND_TO(findThread(Thread), Sig, pthread_sigqueue, Thread, Sig,
                   Value);
}

int tgkill(pid_t Pid, pid_t Tid, int Sig) {
  SCHEDSAN_SEND_TO(Pid == getpid() ? findKernelThread(Tid) : nullptr, Sig,
                   tgkill, Pid, Tid, Sig);
}

} // extern "C"

#undef SCHEDSAN_SEND
#undef SCHEDSAN_SEND_TO
