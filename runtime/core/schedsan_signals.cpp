//===- schedsan_signals.cpp - Fatal signals, alternate stacks -------------===//
//
// FILE:
//    runtime/core/schedsan_signals.cpp
//
// DESCRIPTION:
//    A fatal signal (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) the program
//    does not handle itself is reported as a bug of the run, on an
//    alternate signal stack so that a stack overflow is reported too. Each
//    controlled thread gets such a stack unless it has one; one spare stack
//    is kept for the next thread.
//===----------------------------------------------------------------------===//
#include "core/schedsan_signals.h"
#include "core/schedsan_bug.h"
#include "core/schedsan_interception.h"
#include "schedsan/schedsan_protocol.h"

#include <atomic>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

extern "C" {
__attribute__((weak)) void __sanitizer_set_death_callback(void (*)(void));
}

namespace schedsan {

namespace {

// The faulting instruction of a signal's context, if known.
const void *faultPc(void *Context) {
  const ucontext_t *U = static_cast<const ucontext_t *>(Context);
#if defined(__x86_64__)
  return reinterpret_cast<const void *>(U->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return reinterpret_cast<const void *>(U->uc_mcontext.pc);
#else
  (void)U;
  return nullptr;
#endif
}

// schedsan run's (or replay's) SIGABRT at its --timeout.
bool isTimeoutStop(int Sig, const siginfo_t *Info) {
  return Sig == SIGABRT && Info->si_code == SI_QUEUE &&
         Info->si_value.sival_int == SCHEDSAN_TIMEOUT_SIGVAL;
}

void onFatalSignal(int Sig, siginfo_t *Info, void *Context) {
  char Detail[128];
  BugKind Kind = Sig == SIGABRT ? BugKind::Abort : BugKind::Signal;
  if (isTimeoutStop(Sig, Info)) {
    Kind = BugKind::Timeout;
    snprintf(Detail, sizeof(Detail), "SIGABRT from schedsan at --timeout");
  } else if (Sig == SIGSEGV || Sig == SIGBUS)
    snprintf(Detail, sizeof(Detail), "%s on address %p", sigabbrev_np(Sig),
             Info->si_addr);
  else
    snprintf(Detail, sizeof(Detail), "SIG%s", sigabbrev_np(Sig));
  BugOrigin Origin;
  Origin.fault_pc = faultPc(Context);
  reportBug(Kind, Detail, Origin);
}

// This thread's alternate signal stack, when the runtime made it.
__thread void *AltStack __attribute__((tls_model("initial-exec")));
constexpr size_t kAltStackSize = 64 * 1024;
// One stack kept for the next thread: threads that start and end in turn
// (and a fork server's runs, which inherit the one made at start) map
// none of their own.
std::atomic<void *> SpareAltStack{nullptr};

void *takeAltStack() {
  if (void *P = SpareAltStack.exchange(nullptr, std::memory_order_acquire))
    return P;
  void *P = mmap(nullptr, kAltStackSize, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return P == MAP_FAILED ? nullptr : P;
}

void giveAltStack(void *P) {
  void *Empty = nullptr;
  if (!SpareAltStack.compare_exchange_strong(Empty, P,
                                             std::memory_order_release))
    munmap(P, kAltStackSize);
}
} // namespace

void armSignalStack() {
  stack_t Old;
  if (AltStack || sigaltstack(nullptr, &Old) != 0 ||
      !(Old.ss_flags & SS_DISABLE))
    return; // ours already, or the program's (or a sanitizer's)
  void *P = takeAltStack();
  if (!P)
    return;
  stack_t St = {};
  St.ss_sp = P;
  St.ss_size = kAltStackSize;
  if (sigaltstack(&St, nullptr) != 0) {
    giveAltStack(P);
    return;
  }
  AltStack = P;
}

void reserveSignalStack() {
  if (!SpareAltStack.load(std::memory_order_relaxed))
    if (void *Spare = takeAltStack())
      giveAltStack(Spare);
}

void disarmSignalStack() {
  if (!AltStack)
    return;
  stack_t St = {};
  St.ss_flags = SS_DISABLE;
  if (sigaltstack(&St, nullptr) == 0)
    giveAltStack(AltStack);
  AltStack = nullptr;
}

void initSignals() {
  if (__sanitizer_set_death_callback)
    __sanitizer_set_death_callback(reportSanitizerDeath);
  const int Signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
  for (int Sig : Signals) {
    struct sigaction Old;
    if (realSigaction(Sig, nullptr, &Old) != 0 || Old.sa_handler != SIG_DFL)
      continue; // a sanitizer runtime or the program handles it
    struct sigaction Act = {};
    Act.sa_sigaction = onFatalSignal;
    // On the alternate stack: a stack overflow is reported too.
    Act.sa_flags = SA_SIGINFO | SA_RESETHAND | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&Act.sa_mask);
    realSigaction(Sig, &Act, nullptr);
  }
}

} // namespace schedsan
