//===- schedsan_access.cpp - The pass's accesses, slow path ---------------===//
//
// FILE:
//    runtime/hooks/schedsan_access.cpp
//
// DESCRIPTION:
//    See schedsan_access.h.
//===----------------------------------------------------------------------===//
#include "hooks/schedsan_access.h"

namespace schedsan {

void passWithoutDecision(ThreadState *T) {
  stepWithoutPick(T); // coverage and events: as if the strategy picked T
}

void memoryEventSlow(ThreadState *T, EventKind K, uintptr_t Addr,
                     uintptr_t Size, uintptr_t Addr2, bool IsWrite,
                     const schedsan_site *Site, bool Changes) {
  if (T->mode == Mode::InRuntime || T->mode == Mode::Uncontrolled || !rt.active)
    return;
  Event &E = setPending(T, K, Addr, Size, IsWrite);
  E.addr2 = Addr2;
  // A poll that found nothing new (a spin loop) counts as a yield. (Script
  // events -- function enter/exit, calls -- are neither.)
  if (isMemoryKind(K))
    E.is_yield = observe(T, K, Addr, Size, Changes);
  T->site = Site;
  T->last_site = Site;
  if (__builtin_expect(rf_on, 0))
    E.site = siteId(Site); // what rff's constraints name
  schedule(T);
  sharedNoteAccess(T, K, Addr, Size, Addr2, IsWrite, Site);
}

} // namespace schedsan
