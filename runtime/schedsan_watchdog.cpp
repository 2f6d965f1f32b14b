//===- schedsan_watchdog.cpp - Threads blocked where no one can see -------===//
//
// FILE:
//    runtime/schedsan_watchdog.cpp
//
// DESCRIPTION:
//    A thread may block where the runtime cannot see it (read on a pipe, an
//    uninstrumented library's private lock, a raw futex). The watchdog, an
//    uncontrolled helper thread, notices that no scheduling point was
//    reached for watchdog_ms and signals the current thread. The handler
//    runs in that thread, which owns the scheduler state: it releases the
//    thread (mode Released, out of the enabled set) and hands over to
//    another one. The released thread goes on with its blocking call and
//    rejoins at its next scheduling point (rejoin(), schedsan_rtl.h).
//    A run in which this happened is not exactly replayable. A fork
//    server's runs have no watchdog thread: the server, which waits for
//    each run anyway, takes the samples (schedsan_forkserver.cpp).
//===----------------------------------------------------------------------===//
#include "schedsan_watchdog.h"
#include "schedsan_flags.h"
#include "schedsan_forkserver_link.h"
#include "schedsan_futex.h"
#include "schedsan_interception.h"
#include "schedsan_log.h"
#include "schedsan_rtl.h"
#include "schedsan_sync.h"
#include "schedsan_weak_hooks.h"

#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

namespace schedsan {

namespace {

bool Started = false;
pthread_t Thread;
std::atomic<uint32_t> StopRequested{0}; // stopWatchdog(); a futex word

// From the watchdog's signal, in the current thread T, which is blocked (or
// busy) outside any scheduling point: let another thread run meanwhile.
void releaseCurrentThread(ThreadState *T) {
  TsanIgnore Ignore;
  T->mode = Mode::InRuntime;
  // Released threads that came back count too: T may spin, where no
  // scheduling point lets them in, on what one of them holds.
  if (rt.any_rejoin.load(std::memory_order_acquire))
    acceptRejoins();
  bool Other = false;
  for (unsigned I = 0; I != rt.num_live; ++I)
    if (rt.live[I] != T && rt.live[I]->mode != Mode::Released &&
        isEnabled(rt.live[I], rt.pending[I]))
      Other = true;
  if (!Other) {
    T->mode = Mode::Controlled;
    return;
  }
  T->mode = Mode::Released;
  ++rt.num_released;
  rt.replayable = false;
  quickenWatchdog();
  if (flags.verbosity >= 1)
    rawPrintf("==%d==schedsan: watchdog: T%u reached no scheduling point for "
              "%d ms; letting other threads run\n",
              (int)getpid(), T->tid, flags.watchdog_ms);
  ++rt.steps; // a decision of its own (traces key on steps)
  handOver(nullptr, pickNext(nullptr));
}

void onWatchdogSignal(int) {
  ThreadState *T = cur_thread;
  if (!T || T->mode != Mode::Controlled || rt.current != T || !rt.active)
    return; // inside the runtime or not the current thread: nothing to do
  releaseCurrentThread(T);
}

std::atomic<uint32_t> WatchdogMs{0};

void *watchdogMain(void *) {
  QuietCounter Quiet;
  for (;;) {
    const long PeriodNs =
        (long)WatchdogMs.load(std::memory_order_relaxed) * 1000000L / 4;
    timespec Ts = {PeriodNs / 1000000000L, PeriodNs % 1000000000L};
    // A sleep stopWatchdog() can end (syscall(): the real one for a thread
    // the runtime does not control).
    syscall(SYS_futex, &StopRequested, FUTEX_WAIT_PRIVATE, 0, &Ts, nullptr, 0);
    // No live thread left (main called pthread_exit and the others have
    // ended): the process ends once this thread does.
    if (!rt.active || StopRequested.load(std::memory_order_acquire) ||
        __atomic_load_n(&rt.num_live, __ATOMIC_RELAXED) == 0)
      return nullptr;
    WatchdogSample S;
    S.steps = __atomic_load_n(&rt.steps, __ATOMIC_RELAXED);
    ThreadState *Cur = __atomic_load_n(&rt.current, __ATOMIC_RELAXED);
    S.current_controlled = Cur && Cur->mode == Mode::Controlled;
    S.num_live = rt.num_live;
    if (Quiet.tick(S))
      pthread_kill(Cur->pthread, watchdogSignal());
  }
}

} // namespace

int watchdogSignal() { return SIGRTMIN + 4; }

void installWatchdogHandler() {
  static bool Installed = false;
  if (Installed)
    return;
  Installed = true;
  struct sigaction Act = {};
  Act.sa_handler = onWatchdogSignal;
  Act.sa_flags = SA_RESTART;
  sigemptyset(&Act.sa_mask);
  sigaction(watchdogSignal(), &Act, nullptr);
}

bool QuietCounter::tick(const WatchdogSample &S) {
  if (S.steps != LastSteps || !S.current_controlled || S.num_live < 2) {
    LastSteps = S.steps;
    Quiet = 0;
    return false;
  }
  if (++Quiet < 4)
    return false;
  Quiet = 0;
  return true;
}

void startWatchdogIfNeeded() {
  // A fork server's runs are watched by the server (schedsan_forkserver.cpp).
  if (Started || !flags.watchdog_ms || rt.watched_by_server)
    return;
  Started = true;
  WatchdogMs.store(flags.watchdog_ms, std::memory_order_relaxed);
  installWatchdogHandler();
  pthread_attr_t Attr;
  pthread_attr_init(&Attr);
  pthread_attr_setstacksize(&Attr, 64 * 1024);
  // Not a controlled thread: create it with the real function. Joinable,
  // for stopWatchdog() (otherwise never joined).
  if (realPthreadCreate(&Thread, &Attr, watchdogMain, nullptr) != 0)
    Started = false;
  pthread_attr_destroy(&Attr);
}

void quickenWatchdog() {
  if (!flags.watchdog_ms || (uint32_t)flags.watchdog_ms <= kQuickWatchdogMs)
    return;
  WatchdogMs.store(kQuickWatchdogMs, std::memory_order_relaxed);
  if (ForkServerLink *Link = forkServerLink()) // the server watches
    Link->watchdog_ms.store(kQuickWatchdogMs, std::memory_order_relaxed);
}

void wakeWatchdog() {
  if (Started)
    futexWake(&StopRequested);
}

void stopWatchdog() {
  if (!Started)
    return;
  StopRequested.store(1, std::memory_order_release);
  futexWake(&StopRequested);
  realPthreadJoin(Thread, nullptr);
  StopRequested.store(0, std::memory_order_relaxed);
  Started = false;
}

} // namespace schedsan
