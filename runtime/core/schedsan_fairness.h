//===- schedsan_fairness.h - Fair continuation and livelocks ----*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_fairness.h
//
// DESCRIPTION:
//    The fairness model every strategy runs under (schedsan_fairness.cpp
//    states it in full). A strategy's choices are free for a prefix of the
//    run; after it the run continues under CHESS's fair scheduler: a thread
//    that made no progress (a yield, a poll that found nothing new, a failed
//    trylock or CAS, a timed-out wait) or used up its slice may not run
//    again before every other enabled thread has run. `livelock` is
//    reported only when the program still makes no progress under that fair
//    continuation.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_FAIRNESS_H
#define SCHEDSAN_FAIRNESS_H

#include "core/schedsan_flags.h"
#include "core/schedsan_rt.h"

namespace schedsan {

// T's pending event is a no-progress event (E.is_yield), or T's wait just
// timed out: counts it; in the fair phase T steps aside for the others.
// May report a livelock.
// Whether event (K, Addr, Size) -- a memory kind -- is a poll; remembers
// what it sees. Called before the access, while no other thread runs, so
// the value read here is the value the access reads. (The fast path of
// every memory event: a new address costs four compares and three
// stores.)
// Changes: an atomic read-modify-write that always changes the value
// (add, subtract): a write, which no value needs to be read for.
__attribute__((always_inline)) inline bool observe(ThreadState *T, EventKind K,
                                                   uintptr_t Addr,
                                                   uintptr_t Size,
                                                   bool Changes = false) {
  unsigned Hit = (T->poll_addr[0] == Addr) | (T->poll_addr[1] == Addr) << 1 |
                 (T->poll_addr[2] == Addr) << 2 |
                 (T->poll_addr[3] == Addr) << 3;
  static_assert(ThreadState::kPollSet == 4,
                "the compare above covers four entries");
  if (__builtin_expect(!Hit, 1)) {
    if (K == EventKind::Fence)
      return false;
    // Every entry's epoch is now older than T->poll_epoch: none has a value.
    T->newWork();
    T->poll_addr[T->poll_next] = Addr;
    T->poll_next = (T->poll_next + 1) & (ThreadState::kPollSet - 1);
    return false;
  }
  const unsigned I = __builtin_ctz(Hit);
  const bool Rmw =
      !Changes && (K == EventKind::AtomicRMW || K == EventKind::AtomicCmpXchg);
  if (!Rmw && K != EventKind::Read && K != EventKind::AtomicLoad) {
    T->poll_seen[I] = 0; // a write (or a fence at address 0): no value
    return false;
  }
  uint64_t V = 0;
  switch (Size) {
  case 1:
    V = *reinterpret_cast<const volatile uint8_t *>(Addr);
    break;
  case 2:
    V = *reinterpret_cast<const volatile uint16_t *>(Addr);
    break;
  case 4:
    V = *reinterpret_cast<const volatile uint32_t *>(Addr);
    break;
  case 8:
    V = *reinterpret_cast<const volatile uint64_t *>(Addr);
    break;
  default:
    break; // other sizes: by address only
  }
  const bool Same = T->poll_seen[I] == T->poll_epoch && T->poll_value[I] == V &&
                    (!Rmw || T->poll_by_rmw[I]);
  T->poll_value[I] = V;
  T->poll_seen[I] = T->poll_epoch;
  T->poll_by_rmw[I] = Rmw;
  return Same;
}

// T's pending event made no progress (a yield, a poll that found nothing
// new, a timeout): counted toward the fair phase and, in it, toward a
// livelock; in the fair phase T steps aside and its site joins where it
// spins (ThreadState::spin_site, a livelock's signature).
void noteNoProgress(ThreadState *T);

// In the fair phase, T, which has just woken threads with a futex wake,
// steps aside at the point after it, as at a no-progress event but
// without counting one: the threads it woke run before it goes on (they
// run natively beside it, and may take the lock it has just released
// before it takes it again).
inline void stepAsideAfterWake(ThreadState *T) {
  if (rt.fair && !T->fair_block)
    T->fair_block = rt.steps;
}

// At T's scheduling point (T running): enters the fair phase once its
// prefix is over; in the fair phase a T that used up its slice steps aside.
void checkFairnessSlow(ThreadState *T);
inline void checkFairness(ThreadState *T) {
  if (__builtin_expect(rt.fair || rt.steps >= flags.fair_after_steps, 0))
    checkFairnessSlow(T);
}

// In the fair phase, with more than one enabled event: disables the events
// of threads that must step aside (never all of them). Returns how many
// are enabled now and one of them in *Only.
unsigned applyFairness(ThreadState **Only);

// Thread switched to Next, or the running thread goes on after it was
// told to step aside: its slice starts.
inline void startSlice() { rt.slice_start = rt.steps; }

// Whether a thread that has not run since T stepped aside waits for a
// lock T holds (CHESS's priority edges to the threads T disabled).
bool keepsWaiterOut(const ThreadState *T);

// Next was picked at this step, Enabled threads being enabled (before
// fairness set any aside). A thread that steps aside stays blocked while
// it runs alone (the others are blocked), and while a thread that has not
// run since waits for a lock it holds: those that become enabled meanwhile
// (the lock it releases) run first. Picked among others, it was allowed:
// every other enabled thread ran.
inline void notePicked(ThreadState *Next, unsigned Enabled) {
  Next->last_ran = rt.steps;
  if (Next->fair_block && Enabled > 1 && !keepsWaiterOut(Next)) {
    Next->fair_block = 0;
    startSlice();
  }
}

// The longest lease that still ends at the fair phase's next decision
// point (the prefix's end, or the end of the running thread's slice), so
// that runs with and without leases see the same fair decisions.
uint64_t capLease(uint64_t Lease);

} // namespace schedsan

#endif // SCHEDSAN_FAIRNESS_H
