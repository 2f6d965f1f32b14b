//===- schedsan_watchdog.cpp - Threads blocked where no one can see -------===//
//
// FILE:
//    runtime/core/schedsan_watchdog.cpp
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
//    A thread that was picked but does not take its turn (a signal
//    handler of the program runs on it while it waits, and blocks) is set
//    aside likewise, and rejoins once the handler has returned.
//    A run in which this happened is not exactly replayable. A fork
//    server's runs have no watchdog thread: the server, which waits for
//    each run anyway, takes the samples (schedsan_forkserver.cpp).
//===----------------------------------------------------------------------===//
#include "core/schedsan_watchdog.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_forkserver_link.h"
#include "core/schedsan_futex.h"
#include "core/schedsan_interception.h"
#include "core/schedsan_log.h"
#include "core/schedsan_rtl.h"
#include "core/schedsan_sync.h"
#include "core/schedsan_time.h"
#include "core/schedsan_weak_hooks.h"

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
bool Quickened = false;                 // quickenWatchdog() was called

// Whether a thread other than T could run now (released threads that came
// back count too: T may spin, where no scheduling point lets them in, on
// what one of them holds), or once the clock moves: a sleeper or a timed
// wait, whose deadline never comes while T holds the turn.
bool otherThreadCouldRun(ThreadState *T) {
  if (rt.any_rejoin.load(std::memory_order_acquire))
    acceptRejoins();
  for (unsigned I = 0; I != rt.num_live; ++I)
    if (rt.live[I] != T && !isAway(rt.live[I]) &&
        (isEnabled(rt.live[I], rt.pending[I]) ||
         waitsForDeadline(rt.live[I], rt.pending[I])))
      return true;
  return false;
}

// T, the current thread, now away (isAway), hands over to another thread.
void letOthersRun(ThreadState *T, const char *Why) {
  rt.replayable = false;
  if (flags.verbosity >= 1)
    rawPrintf("==%d==schedsan: watchdog: T%u %s for %u ms; letting other "
              "threads run\n",
              (int)getpid(), T->tid, Why, watchdogPeriodMs());
  quickenWatchdog();
  ++rt.steps; // a decision of its own (traces key on steps)
  handOver(nullptr, pickNext(nullptr));
}

// From the watchdog's signal, in the current thread T, which is blocked (or
// busy) outside any scheduling point: let another thread run meanwhile. T
// goes on with what it was doing and rejoins at its next scheduling point.
void releaseCurrentThread(ThreadState *T) {
  TsanIgnore Ignore;
  T->mode = Mode::InRuntime;
  if (!otherThreadCouldRun(T)) {
    T->mode = Mode::Controlled;
    return;
  }
  T->mode = Mode::Released;
  ++rt.num_released;
  letOthersRun(T, "reached no scheduling point");
}

// From the watchdog's signal, in T, which was picked while it waited for
// its turn but has not taken it: a signal handler of the program runs on T
// (it interrupted the wait) and blocks, perhaps until another thread acts
// (a thread pool's "pause"), and its sender did not set it aside (the
// handler began only later, or is not the runtime's to see). T is away with
// its pending event, and stays InRuntime, so the handler's own events are
// ignored as before. It comes back when the handler returns: through the
// runtime's trampoline, or else in waitForTurn, whose futex wait turn 2
// ends.
void setAsideParked(ThreadState *T) {
  TsanIgnore Ignore;
  uint32_t Was = kParked;
  if (!T->park.compare_exchange_strong(Was, kAway, std::memory_order_acq_rel) &&
      (Was != kInHandler ||
       !T->park.compare_exchange_strong(Was, kAway, std::memory_order_acq_rel)))
    return; // T took its turn meanwhile, or its handler ended
  if (!otherThreadCouldRun(T)) {
    T->park.store(Was, std::memory_order_relaxed); // nothing to gain
    return;
  }
  T->turn.store(2, std::memory_order_relaxed);
  rt.num_away.fetch_add(1, std::memory_order_acq_rel);
  letOthersRun(T, "was picked but did not take its turn (a signal handler "
                  "running on it blocks?)");
}

void onWatchdogSignal(int) {
  ThreadState *T = cur_thread;
  if (!T || rt.current != T || !rt.active)
    return; // not the current thread: nothing to do
  if (T->mode == Mode::Controlled)
    releaseCurrentThread(T);
  else if (T->mode == Mode::InRuntime &&
           T->turn.load(std::memory_order_acquire) == 1)
    setAsideParked(T);
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
    S.current_watched =
        Cur && watched(Cur->mode, Cur->park.load(std::memory_order_relaxed),
                       Cur->turn.load(std::memory_order_relaxed));
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
  realSigaction(watchdogSignal(), &Act, nullptr);
}

bool watched(Mode M, uint32_t Park, uint32_t Turn) {
  return M == Mode::Controlled ||
         (M == Mode::InRuntime && (Park == kParked || Park == kInHandler) &&
          Turn == 1);
}

bool QuietCounter::tick(const WatchdogSample &S) {
  if (S.steps != LastSteps || !S.current_watched || S.num_live < 2) {
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

uint32_t watchdogPeriodMs() {
  return Quickened ? kQuickWatchdogMs : (uint32_t)flags.watchdog_ms;
}

void quickenWatchdog() {
  if (!flags.watchdog_ms || (uint32_t)flags.watchdog_ms <= kQuickWatchdogMs)
    return;
  Quickened = true;
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
