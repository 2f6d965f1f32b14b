//===- schedsan_access.h - The pass's accesses, fast path -------*- C++ -*-===//
//
// FILE:
//    runtime/hooks/schedsan_access.h
//
// DESCRIPTION:
//    What the hooks of instrumented code (schedsan_hooks.cpp) make of an
//    access: a memory event on the fast path, inline; the scheduler
//    (core/schedsan_rtl.h) only when the strategy must be asked. The
//    accesses are told to the observers that see every access (reads-from
//    pairs, the shared-sites check), whatever path they take.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_ACCESS_H
#define SCHEDSAN_ACCESS_H

#include "core/schedsan_fairness.h"
#include "core/schedsan_lease.h"
#include "core/schedsan_rt.h"
#include "core/schedsan_rtl.h"
#include "core/schedsan_sites.h"
#include "observe/schedsan_decision.h"
#include "observe/schedsan_readsfrom.h"
#include "observe/schedsan_shared.h"

namespace schedsan {

// For an event that is no decision (schedsan_decision.h) with T's pending
// event filled in: a step of T's, as if the strategy had picked T, that
// asks the strategy nothing and neither uses nor ends a lease.
void passWithoutDecision(ThreadState *T);

// The slow path of memoryEvent: released threads, the strategy asked.
void memoryEventSlow(ThreadState *T, EventKind K, uintptr_t Addr,
                     uintptr_t Size, uintptr_t Addr2, bool IsWrite,
                     const schedsan_site *Site, bool Changes);

// A memory access event from the pass, inline. When T is the only live
// thread nothing is decided, so only the step budget is checked. When T
// holds a lease, or the access's site is no decision (schedsan_decision.h),
// and the access is not a poll, the strategy is not asked either: T's
// pending event is updated and T goes on (a site that is no decision uses
// no lease).
__attribute__((always_inline)) inline void
memoryEvent(EventKind K, uintptr_t Addr, uintptr_t Size, bool IsWrite,
            const schedsan_site *Site, uintptr_t Addr2 = 0,
            bool Changes = false) {
  ThreadState *T = cur_thread;
  if (!T)
    return;
  if (__builtin_expect(T->mode == Mode::Controlled, 1)) {
    if (__builtin_expect(rt.num_live == 1 && !rt.num_released, 1)) {
      T->last_site = Site;
      if (__builtin_expect(rf_on, 0))
        rfNote(T->tid, K, Addr, Size, Addr2, siteId(Site));
      sharedNoteAccess(T, K, Addr, Size, Addr2, IsWrite, Site);
      if (__builtin_expect(++rt.steps < rt.budget, 1))
        return;
      budgetExhausted();
    }
    // As memoryEventSlow decides: a poll (a yield) ends the lease.
    const bool Free = passesWithoutDecision(T, K, Addr, Size, Site);
    if ((Free || (rt.lease_holder == T && rt.lease_left)) && isMemoryKind(K) &&
        !observe(T, K, Addr, Size, Changes)) {
      if (!Free) {
        --rt.lease_left;
        ++rt.lease_used;
      }
      Event &E = rt.pending[T->slot];
      E.kind = K;
      E.addr = Addr;
      E.size = Size;
      E.addr2 = Addr2;
      E.is_write = IsWrite;
      E.is_yield = false;
      E.seq = ++T->seq;
      T->site = Site;
      T->last_site = Site;
      if (__builtin_expect(rf_on, 0))
        rfNote(T->tid, K, Addr, Size, Addr2, E.site = siteId(Site));
      sharedNoteAccess(T, K, Addr, Size, Addr2, IsWrite, Site);
      stepWithoutPick(T); // coverage: as if the strategy had picked T
      return;
    }
  }
  memoryEventSlow(T, K, Addr, Size, Addr2, IsWrite, Site, Changes);
}

} // namespace schedsan

#endif // SCHEDSAN_ACCESS_H
