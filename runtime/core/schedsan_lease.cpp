//===- schedsan_lease.cpp - The strategy's lease on the running thread ----===//
//
// FILE:
//    runtime/core/schedsan_lease.cpp
//
// DESCRIPTION:
//    Ending a lease: see schedsan_lease.h.
//===----------------------------------------------------------------------===//
#include "core/schedsan_lease.h"
#include "core/schedsan_weak_hooks.h"

namespace schedsan {

void endLeaseSlow() {
  TsanIgnore Ignore;
  rt.strategy->endLease(rt.lease_used);
  if (rt.lease_picks)
    rt.picks += rt.lease_used;
  rt.leased += rt.lease_used;
  rt.lease_holder = nullptr;
  rt.lease_left = rt.lease_used = 0;
}

} // namespace schedsan
