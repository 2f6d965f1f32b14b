//===- schedsan_interceptors_sigaction.cpp - The program's handlers -------===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors_sigaction.cpp
//
// DESCRIPTION:
//    sigaction and signal install a trampoline in place of each handler of
//    the program (and report the program's own handler back), so that the
//    runtime sees a handler begin and end on a thread.
//    A thread that waits for its turn (ThreadState::park) runs a handler
//    outside the schedule: the thread is not the current one, and its own
//    events are ignored (mode InRuntime). A thread of the program that sends
//    it the signal waits until the handler has ended, so that it runs as if
//    at the send (awaitHandler). A handler that does not end within
//    kHandlerWaitMs (a thread pool's "pause", which sleeps until main's
//    "resume") leaves its thread away: out of the schedule, while virtual
//    time follows real time, until the handler returns (comeBack). The run
//    is then no longer exactly replayable.
//===----------------------------------------------------------------------===//
#include "core/schedsan_flags.h"
#include "core/schedsan_log.h"
#include "interceptors/schedsan_interceptors.h"

#include <atomic>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

using namespace schedsan;

namespace {

// The program's handler for each signal (0: none of its own, SIG_DFL or
// SIG_IGN), and whether it takes three arguments (SA_SIGINFO).
std::atomic<uintptr_t> ProgramHandler[_NSIG];
std::atomic<bool> ProgramSiginfo[_NSIG];
// Whether it was installed with SA_RESTART.
std::atomic<bool> ProgramRestart[_NSIG];

bool isProgramHandler(uintptr_t H) {
  return H != (uintptr_t)SIG_DFL && H != (uintptr_t)SIG_IGN &&
         H != (uintptr_t)SIG_ERR;
}

void trampoline(int Sig, siginfo_t *Info, void *Context) {
  const int Errno = errno;
  ThreadState *T = cur_thread;
  uint32_t Was = kParked;
  const bool Parked = T && T->park.compare_exchange_strong(
                               Was, kInHandler, std::memory_order_acq_rel);
  if (T) {
    if (!ProgramRestart[Sig].load(std::memory_order_relaxed))
      T->handler_interrupts.fetch_add(1, std::memory_order_release);
    T->handler_starts.fetch_add(1, std::memory_order_release);
  }
  errno = Errno;
  const uintptr_t H = ProgramHandler[Sig].load(std::memory_order_acquire);
  if (!isProgramHandler(H)) {
    // Replaced by SIG_DFL or SIG_IGN after the signal came: nothing to run
    // (the kernel has the new disposition for the next one).
  } else if (ProgramSiginfo[Sig].load(std::memory_order_relaxed)) {
    reinterpret_cast<void (*)(int, siginfo_t *, void *)>(H)(Sig, Info, Context);
  } else {
    reinterpret_cast<void (*)(int)>(H)(Sig);
  }
  if (!Parked)
    return;
  const int After = errno;
  Was = kInHandler;
  if (!T->park.compare_exchange_strong(Was, kParked, std::memory_order_acq_rel))
    comeBack(T); // its sender or the watchdog set it away meanwhile
  errno = After;
}

// Act with the program's handler in place of the trampoline, for the
// kernel; records the program's handler.
struct sigaction forKernel(int Sig, const struct sigaction &Act) {
  struct sigaction K = Act;
  const bool Info = Act.sa_flags & SA_SIGINFO;
  const uintptr_t H =
      Info ? (uintptr_t)Act.sa_sigaction : (uintptr_t)Act.sa_handler;
  ProgramSiginfo[Sig].store(Info, std::memory_order_relaxed);
  ProgramRestart[Sig].store(Act.sa_flags & SA_RESTART,
                            std::memory_order_relaxed);
  ProgramHandler[Sig].store(isProgramHandler(H) ? H : 0,
                            std::memory_order_release);
  if (isProgramHandler(H)) {
    K.sa_sigaction = trampoline;
    K.sa_flags |= SA_SIGINFO;
  }
  return K;
}

// The program's handler for a signal, as recorded.
struct Recorded {
  uintptr_t handler;
  bool siginfo;
};

Recorded recorded(int Sig) {
  return {ProgramHandler[Sig].load(std::memory_order_acquire),
          ProgramSiginfo[Sig].load(std::memory_order_relaxed)};
}

// What the kernel reported, with the program's handler (R, as recorded
// before this call) in place of ours.
void forProgram(const Recorded &R, struct sigaction *Old) {
  if (Old->sa_sigaction != trampoline)
    return;
  if (R.siginfo) {
    Old->sa_sigaction =
        reinterpret_cast<void (*)(int, siginfo_t *, void *)>(R.handler);
  } else {
    Old->sa_flags &= ~SA_SIGINFO;
    Old->sa_handler = reinterpret_cast<void (*)(int)>(R.handler);
  }
}

bool validSignal(int Sig) { return Sig > 0 && Sig < _NSIG; }

// Whether thread Ktid of this process blocks Sig (its SigBlk in /proc).
bool blocks(pid_t Ktid, int Sig) {
  char Path[64], Buf[2048];
  snprintf(Path, sizeof(Path), "/proc/self/task/%d/status", (int)Ktid);
  const int Fd = open(Path, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  const ssize_t N = read(Fd, Buf, sizeof(Buf) - 1);
  close(Fd);
  if (N <= 0)
    return false;
  Buf[N] = 0;
  const char *Line = strstr(Buf, "SigBlk:");
  if (!Line)
    return false;
  const unsigned long long Mask = strtoull(Line + 7, nullptr, 16);
  return (Mask >> (Sig - 1)) & 1;
}

} // namespace

namespace schedsan {

bool programHandles(int Sig) {
  return validSignal(Sig) &&
         ProgramHandler[Sig].load(std::memory_order_acquire) != 0;
}

HandlerWait beforeSend(const ThreadState *Sender, ThreadState *U, int Sig) {
  if (!U || U == Sender || U->finished || U->signal_wait ||
      !programHandles(Sig))
    return {};
  const uint32_t Park = U->park.load(std::memory_order_acquire);
  if (Park != kParked)
    return {}; // running beside the schedule, or in a handler already
  // A blocked signal stays pending (a sigwait or an unblock takes it).
  // Read before the send: a handler that runs blocks its signal.
  if (blocks(U->ktid, Sig))
    return {};
  return {U, U->handler_starts.load(std::memory_order_acquire)};
}

void awaitHandler(const HandlerWait &W, int Sig) {
  ThreadState *U = W.thread;
  if (!U)
    return;
  const uint32_t StartsBefore = W.starts;
  const uint64_t Deadline =
      realClockNs(CLOCK_MONOTONIC) + kHandlerWaitMs * 1000000ull;
  for (;;) {
    const bool Begun =
        U->handler_starts.load(std::memory_order_acquire) != StartsBefore;
    if (Begun && U->park.load(std::memory_order_acquire) != kInHandler)
      return; // it ran to its end
    if (realClockNs(CLOCK_MONOTONIC) > Deadline) {
      if (!Begun)
        return; // not taken (blocked meanwhile): nothing to wait for
      break;
    }
    struct timespec Nap = {0, 20000};
    SCHEDSAN_REAL(nanosleep)(&Nap, nullptr);
  }
  uint32_t Was = kInHandler;
  if (!U->park.compare_exchange_strong(Was, kAway, std::memory_order_acq_rel))
    return; // it ended just now
  rt.num_away.fetch_add(1, std::memory_order_acq_rel);
  rt.replayable = false;
  if (flags.verbosity >= 1)
    rawPrintf("==%d==schedsan: T%u's handler of signal %d has not returned "
              "after %u ms; T%u runs it outside the schedule meanwhile\n",
              (int)getpid(), U->tid, Sig, kHandlerWaitMs, U->tid);
}

} // namespace schedsan

extern "C" {

int sigaction(int Sig, const struct sigaction *Act,
              struct sigaction *Old) __THROW {
  resolveEarly(SCHEDSAN_REAL(sigaction));
  if (!validSignal(Sig))
    return SCHEDSAN_REAL(sigaction)(Sig, Act, Old);
  // Two threads installing handlers for one signal at once race here as
  // they would natively; the table then follows the last one.
  const Recorded Before = recorded(Sig);
  struct sigaction K;
  if (Act)
    K = forKernel(Sig, *Act);
  const int R = SCHEDSAN_REAL(sigaction)(Sig, Act ? &K : nullptr, Old);
  if (R == 0 && Old)
    forProgram(Before, Old);
  return R;
}

sighandler_t signal(int Sig, sighandler_t Handler) __THROW {
  // BSD semantics, as glibc's signal(): restart, no reset, no mask.
  struct sigaction Act = {}, Old;
  Act.sa_handler = Handler;
  Act.sa_flags = SA_RESTART;
  sigemptyset(&Act.sa_mask);
  sigaddset(&Act.sa_mask, Sig);
  if (sigaction(Sig, &Act, &Old) != 0)
    return SIG_ERR;
  return Old.sa_handler;
}

} // extern "C"
