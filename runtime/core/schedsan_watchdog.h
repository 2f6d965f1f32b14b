//===- schedsan_watchdog.h - Threads blocked out of sight -------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_watchdog.h
//
// DESCRIPTION:
//    The watchdog's decision, shared by the watchdog thread of a program
//    and by a fork server watching its runs from outside: sample the step
//    count every watchdog_ms / 4; after four samples without a scheduling
//    point, while the current thread is watched() and another thread is
//    live, signal the current thread (watchdogSignal()), whose handler
//    releases it (schedsan_watchdog.cpp).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_WATCHDOG_H
#define SCHEDSAN_WATCHDOG_H

#include <stdint.h>

namespace schedsan {

enum class Mode : uint8_t; // schedsan_rt.h

// What the watchdog looks at, read in the process or from its fork server.
struct WatchdogSample {
  uint64_t steps = 0;
  // A current thread that is running (Mode::Controlled), or that was picked
  // and has not taken its turn (watched()).
  bool current_watched = false;
  unsigned num_live = 0;
};

// Whether the current thread, in mode M with ThreadState::park Park and
// turn Turn, is one the watchdog may act on.
bool watched(Mode M, uint32_t Park, uint32_t Turn);

// Counts the sampling periods in which no scheduling point was reached.
class QuietCounter {
public:
  // True when the current thread should be signaled now.
  bool tick(const WatchdogSample &S);

private:
  uint64_t LastSteps = ~0ull;
  int Quiet = 0;
};

int watchdogSignal();
// Starts the watchdog thread unless it runs, watchdog_ms is 0 or a fork
// server watches this run (at the first pthread_create).
void startWatchdogIfNeeded();
// Installs the signal's handler (once; a fork server before its first fork).
void installWatchdogHandler();
// Wakes the watchdog thread to look again (the last live thread ended).
void wakeWatchdog();
// Ends the watchdog thread if one was started (a fork server, before it
// serves: a constructor's pthread_create starts it), so that the next
// startWatchdogIfNeeded() starts one again.
void stopWatchdog();

// After the watchdog released a thread once, the run is no longer exactly
// replayable, and more stalls are likely (a spin loop in inline assembly
// waits for a released thread that waits to come back): from then on the
// watchdog acts after kQuickWatchdogMs instead of watchdog_ms.
constexpr uint32_t kQuickWatchdogMs = 10;
void quickenWatchdog();
// What the watchdog waits now: watchdog_ms, or kQuickWatchdogMs once
// quickened.
uint32_t watchdogPeriodMs();

} // namespace schedsan

#endif // SCHEDSAN_WATCHDOG_H
