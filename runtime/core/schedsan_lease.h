//===- schedsan_lease.h - The strategy's lease ------------------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_lease.h
//
// DESCRIPTION:
//    A lease (strategy/Strategy.h, "Leases"): the strategy lets the running
//    thread go on through up to rt.lease_left memory accesses without being
//    asked at each. Every way into the scheduler other than the holder's
//    own memory events ends the lease first, telling the strategy how many
//    points it skipped, so its counts and choices are those it would have
//    made point by point.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_LEASE_H
#define SCHEDSAN_LEASE_H

#include "core/schedsan_rt.h"

namespace schedsan {

// Tells the strategy how many points the lease skipped; ends it.
void endLeaseSlow();
inline void endLease() {
  if (rt.lease_holder)
    endLeaseSlow();
}

} // namespace schedsan

#endif // SCHEDSAN_LEASE_H
