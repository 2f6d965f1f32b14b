//===- schedsan_rt.h - The runtime's data -----------------------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_rt.h
//
// DESCRIPTION:
//    The data every part of the runtime reads: one ThreadState per thread,
//    the Runtime `rt` (the live threads, their pending events, the run's
//    counts) and the calling thread's state, `cur_thread`. Data only: the
//    scheduler that changes it is schedsan_rtl.h, the models that read it
//    (sync, time, fairness) and the report sit beside it, not in a loop
//    with the scheduler. Only the current thread reads or writes it (see
//    schedsan_rtl.h), so it needs no locks.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RT_H
#define SCHEDSAN_RT_H

#include "schedsan/schedsan_interface.h"
#include "strategy/Strategy.h"

#include <atomic>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/types.h>

// A variable the compiler must initialize without running code (an error
// otherwise): the runtime may start before any dynamic initializer ran.
#if defined(__clang__)
#define SCHEDSAN_CONSTINIT [[clang::require_constant_initialization]]
#else
#define SCHEDSAN_CONSTINIT
#endif

namespace schedsan {

// Threads alive at once (tids have no such limit: Runtime::threads).
constexpr unsigned kMaxThreads = 1 << 15;

// ThreadState::Mode: anything but Controlled takes the slow path.
enum class Mode : uint8_t {
  Controlled,  // scheduled by the runtime
  InRuntime,   // inside the runtime: hooks from re-entered code are ignored
  Released,    // let go by the watchdog; rejoins at its next point
  Uncontrolled // finished, or never registered
};

// ThreadState::park: where a thread is with respect to waitForTurn, and
// the program's signal handlers that run on it while it waits there
// (schedsan_interceptors_sigaction.cpp). Changed by compare-and-swap only
// where the thread and a handler on it (or another thread) may race.
enum : uint32_t {
  kRunning = 0,   // not inside waitForTurn, or past its claim
  kParked = 1,    // inside waitForTurn, turn not claimed
  kInHandler = 2, // parked, and a handler of the program runs on it
  kAway = 3,      // parked, out of the schedule until its handler returns
};

struct ThreadState {
  // On malloc, not the C++ library's operator new (strategy/Vec.h).
  static void *operator new(size_t Size) { return mallocOrDie(Size); }
  static void operator delete(void *P) { free(P); }

  Tid tid = kNoTid;
  Tid parent = kNoTid;
  Mode mode = Mode::Controlled;
  bool finished = false;
  bool is_detached = false;        // pthread_detach / PTHREAD_CREATE_DETACHED
  bool exit_armed = false;         // first destructor round seen (see ExitKey)
  std::atomic<uint32_t> turn{0};   // futex word: 1 while this thread may run
  std::atomic<uint32_t> rejoin{0}; // Released thread asking to come back
  // Where waitForTurn is (kParked until the thread claims its turn). A
  // handler of the program that runs on a parked thread and does not end
  // makes it kAway: its sender, or the watchdog if it was picked, sets it
  // aside, and it comes back once the handler returns (comeBack).
  std::atomic<uint32_t> park{0};
  std::atomic<uint32_t> handler_starts{0}; // the program's handlers begun
  // Of them, those installed without SA_RESTART: each ends a read that
  // waits for input with EINTR (schedsan_interceptors_io.cpp).
  std::atomic<uint32_t> handler_interrupts{0};
  Event rejoin_event; // a Released thread's next event, until it rejoins
  unsigned slot = 0;  // index into Runtime::live / pending
  pthread_t pthread = 0;
  pid_t ktid = 0;
  uint64_t seq = 0;

  // Where the pending event comes from: a pass site or an interceptor's PC.
  const schedsan_site *site = nullptr;
  const void *pc = nullptr;
  const schedsan_site *last_site = nullptr; // last instrumented site reached

  // No progress (schedsan_fairness.h, observe): what this thread last saw at
  // the last few addresses it touched. A read that sees again the value it saw
  // last time, or an atomic read-modify-write that finds the value its
  // previous one found (a failed CAS or test-and-set), with nothing but
  // these few addresses touched in between, is a poll that found nothing
  // new, whatever else the loop writes: `while (!stop) ticks++;` spins.
  // Touching an address outside the set is new work: the values seen so
  // far no longer count (a scan over an array, or a loop that also reads
  // a bound at -O0, never polls).
  static constexpr unsigned kPollSet = 4; // a power of two
  // The addresses side by side (one cache line, one vector compare), then
  // what was seen at each: the value, the epoch it was seen in (an older
  // one: no value), whether a read-modify-write saw it.
  uintptr_t poll_addr[kPollSet] = {};
  uint64_t poll_value[kPollSet] = {};
  uint64_t poll_seen[kPollSet] = {};
  bool poll_by_rmw[kPollSet] = {};
  unsigned poll_next = 0;  // the entry a new address replaces
  uint64_t poll_epoch = 1; // moves on at every new address (never wraps)

  // New work: the values seen so far no longer count as polled. Also when
  // this thread synchronizes with another one (takes a lock another thread
  // released, a semaphore post, a signal, a join): it learned something.
  void newWork() { ++poll_epoch; }

  // Fairness (schedsan_fairness.cpp): the step of this thread's last
  // no-progress event or used-up slice in the fair phase (0: none); it may
  // not run again before every other enabled thread ran since then.
  uint64_t fair_block = 0;

  // Where this thread spins, for a livelock's signature (noteNoProgress):
  // of its no-progress events in the fair phase, the first pass site in
  // source order and the lowest interceptor PC (of events with no site),
  // over each window of kSpinWindow such events. [0] is the last complete
  // window's (one whole loop, wherever the thread stops in it), [1] the
  // current one's.
  static constexpr uint32_t kSpinWindow = 64;
  uint32_t spin_events = 0;
  const schedsan_site *spin_site[2] = {};
  const void *spin_pc[2] = {};
  uint64_t last_ran = 0; // the step at which this thread was last picked

  // Virtual time (schedsan_time.cpp): a sleep's or timed wait's deadline;
  // for a raw futex wait (a Sleep event with a timeout, a yield without),
  // the word and the value it waits to see change.
  uint64_t deadline = 0;
  // A signal wait (sigwait and its kin, schedsan_interceptors.h) sleeping
  // between looks, and rt.signal_sends at its last look: a signal sent since
  // ends the sleep.
  bool signal_wait = false;
  uint64_t signal_sends_seen = 0;
  // A sleep (sleepFor) and handler_starts when it began: a handler of the
  // program that begins meanwhile ends it, as EINTR ends a real one.
  bool sleep_ends_at_handler = false;
  uint32_t sleep_handler_starts = 0;
  // Whether a handler of the program began since the sleep did.
  bool handlerBeganInSleep() const {
    return handler_starts.load(std::memory_order_acquire) !=
           sleep_handler_starts;
  }
  const int *futex_word = nullptr;
  int futex_value = 0;
  // Whether the futex word this thread waits on no longer holds its value
  // (another thread changed it: the wait is over).
  bool futexWordChanged() const {
    return futex_word &&
           __atomic_load_n(futex_word, __ATOMIC_RELAXED) != futex_value;
  }

  // Cancellation: pthread_cancel asked to end this thread, and whether it
  // disabled cancellation. A pending cancel enables the modeled waits that
  // are cancellation points (condition, semaphore, join, sleep); the thread
  // then acts on it there (actOnCancel).
  bool cancel_requested = false;
  bool cancel_disabled = false;
  bool cancelPending() const { return cancel_requested && !cancel_disabled; }

  // Details of a blocking pending event (see schedsan_sync.cpp).
  uintptr_t wait_cond = 0;  // condition variable waited on (0: none)
  bool signaled = false;    // a signal/broadcast chose this waiter
  bool timed = false;       // the pending wait may time out
  uint32_t barrier_gen = 0; // barrier generation this thread waits to end
  ThreadState *join_target = nullptr;

  void *(*start)(void *) = nullptr;
  void *arg = nullptr;

  // Test scripts (schedsan_script.cpp): whether the script released the
  // pending event; the seq of the last event the script saw arrive, and
  // the order of that arrival; the functions the thread is in, outermost
  // first (the first kFuncStack of them; func_depth counts them all).
  bool script_released = false;
  uint64_t script_seq = 0;
  uint64_t script_arrival = 0;
  static constexpr unsigned kFuncStack = 32;
  unsigned func_depth = 0;
  const void *func_addr[kFuncStack]; // [0, func_depth) written before read
  const schedsan_site *func_site[kFuncStack];
};

// Out of the schedule until it asks to come back: released by the watchdog
// (acceptRejoins), or away in a signal handler (comeBack).
inline bool isAway(const ThreadState *T) {
  return T->mode == Mode::Released ||
         T->park.load(std::memory_order_relaxed) == kAway;
}

struct Controller;
struct Observer;

// The observers of a run that are told of picks and passes, in the list's
// order, and whether one of them must see every step (no leases).
struct ObserverLists {
  static constexpr unsigned kMax = 16;
  const Observer *picked[kMax] = {};
  const Observer *passed[kMax] = {};
  unsigned num_picked = 0;
  unsigned num_passed = 0;
  bool every_step = false;
  bool ended = false; // the run's files were written (observersEndRun)
};

struct Runtime {
  // Constant initialization: rt is all zeros (in .lbss, a .bss placed after
  // the others: schedsan_rt.cpp) and has no start-up constructor, which
  // would run after a module constructor may already have started the
  // runtime (ensureInit) and wipe it. `pending` stays untouched (see
  // there).
  constexpr Runtime() {}

  bool initialized = false;
  bool active = false;    // false in a forked child
  bool finalized = false; // finalize() ran: summary printed, state stored
  Strategy *strategy = nullptr;
  // Decides the picks instead of the strategy while set (a test script:
  // schedsan_controller.h).
  const Controller *controller = nullptr;
  // The observers of this run that watch picks and passes
  // (schedsan_observer.h).
  ObserverLists observers;
  ThreadState *current = nullptr;
  pid_t leaving_ktid = 0; // left the run, may still run (awaitLeftThread)

  unsigned num_threads = 0;
  unsigned num_live = 0;
  unsigned num_released = 0; // Released threads still away

  uint64_t steps = 0;  // scheduling points
  uint64_t picks = 0;  // points where the strategy chose among >1 enabled
  uint64_t leased = 0; // points passed under a lease (strategy not asked)
  uint64_t switches = 0;
  uint64_t preemptions = 0; // switches away from a thread that was enabled
  uint64_t budget = 0;      // max_steps, 0: none

  // Fairness (schedsan_fairness.cpp).
  bool fair = false;             // the fair phase has begun
  uint64_t fair_step = 0;        // the step at which it began
  uint64_t no_progress = 0;      // no-progress events so far (with >1 live)
  uint64_t fair_no_progress = 0; // of them, in the fair phase
  uint64_t slice_start = 0;      // the step the current thread was switched to

  // Virtual time (schedsan_time.cpp): nanoseconds since the run began.
  uint64_t now_ns = 0;
  // Signals sent by the program (kill, raise, pthread_kill and their kin:
  // schedsan_interceptors_signal.cpp), atomically: ends signal waits' sleeps.
  uint64_t signal_sends = 0;
  // Parked threads away in a handler of the program (ThreadState::park):
  // while there are any, virtual time follows real time (advanceVirtualTime).
  std::atomic<uint32_t> num_away{0};
  bool replayable = false; // beginRun: true; false once the watchdog released
                           // a thread (rt is zero-filled: false until then)
  bool fork_server_child = false; // forking a run from the fork server
  bool watched_by_server = false; // a fork server's run: no watchdog thread
  uint64_t server_run = 0;        // a fork server's run: its pid (sampleRun)

  // A lease (strategy/Strategy.h): lease_holder performs up to lease_left
  // more non-yield memory events without asking the strategy; lease_used
  // of them so far. Only the holder's memory events keep a lease: every
  // other way into the scheduler ends it first (endLease).
  ThreadState *lease_holder = nullptr;
  uint64_t lease_left = 0;
  uint64_t lease_used = 0;
  bool lease_picks = false; // the skipped points had >1 enabled (picks)

  std::atomic<uint32_t> any_rejoin{0};
  std::atomic<uint32_t> rejoin_futex{0};

  // The arrays last: a run writes the page of the fields above and the
  // pages of its threads' entries only (each a copy-on-write fault in a
  // fork server's run).
  // By tid, every thread the run ever had (tids are never reused, so a
  // trace names each thread once); grown with realloc, without a limit
  // short of 2^32 threads.
  ThreadState **threads = nullptr;
  unsigned threads_capacity = 0;
  // The live (not finished) threads, densely: live[i]'s pending event is
  // pending[i]; strategies get `pending` as it is.
  ThreadState *live[kMaxThreads] = {};
  // Not initialized (registerThread fills a slot's event before use), so
  // the 1.8 MB array stays untouched zero pages: a fork server's fork copies,
  // and each run's exit unmaps, only the pages runs actually used.
  union {
    char pending_unset = 0; // the member constant initialization sets
    Event pending[kMaxThreads];
  };
};

extern Runtime rt;

extern __thread ThreadState *cur_thread
    __attribute__((tls_model("initial-exec")));

} // namespace schedsan

#endif // SCHEDSAN_RT_H
