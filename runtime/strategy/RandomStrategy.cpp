//===- RandomStrategy.cpp - Uniform random walk ---------------------------===//
//
// FILE:
//    runtime/strategy/RandomStrategy.cpp
//
// DESCRIPTION:
//    Random walk: at every scheduling point, a thread chosen uniformly among
//    the enabled ones (the baseline of the PCT and POS papers; equal to swarm
//    scheduling with equal weights).
//    Invariant: the result is an enabled event's tid.
//===----------------------------------------------------------------------===//
#include "Strategy.h"

#include <assert.h>

namespace schedsan {

class RandomStrategy final : public Strategy {
public:
  const char *name() const override { return "random"; }

  Tid pick(const Event *Pending, size_t N, const Point &) override {
    size_t Enabled = countEnabled(Pending, N);
    assert(Enabled && "pick() needs an enabled event");
    uint64_t Target = R.below(Enabled);
    for (size_t I = 0; I != N; ++I)
      if (Pending[I].enabled && Target-- == 0)
        return Pending[I].tid;
    return kNoTid;
  }

  // With one enabled thread pick is not called and nothing is drawn.
  uint64_t grantLease(const Event &, const Event *Pending, size_t N,
                      const Point &) override {
    return countEnabled(Pending, N) < 2 ? UINT64_MAX : 0;
  }
};

Strategy *newRandomStrategy() { return new RandomStrategy(); }

} // namespace schedsan
