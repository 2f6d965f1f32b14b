//===- SwarmStrategy.cpp - Swarm (weighted random) scheduling -------------===//
//
// FILE:
//    runtime/strategy/SwarmStrategy.cpp
//
// DESCRIPTION:
//    Swarm scheduling: the thesis chapter "Weighted Random Scheduling and
//    Swarm Testing" (papers/001, after Groce et al.'s swarm testing, with
//    PCT's change points).
//
//    Every thread gets a weight uniform in [Opts.swarm_wmin, swarm_wmax]
//    when it is created; at each scheduling point an enabled thread is
//    chosen with probability proportional to its weight. d-1 weight change
//    points are drawn uniformly in [1, k]; after the counted step c_i the
//    thread that executed it gets a fresh weight. Steps are counted as in
//    PCT (only points with more than one enabled thread; k = Opts.k or
//    kDefaultK).
//
//    Weight reuse: the thesis records the generated weights and reuses the
//    sequence for x runs. Here weights come from a stream of their own
//    seeded by seed / Opts.swarm_reuse, so the x consecutive seeds of one
//    group draw the same weight sequence (the i-th thread created, and the
//    i-th change point, get the same weight) with no state shared between
//    runs, while the choices and change points come from the seed itself
//    and differ.
//
//    With swarm_wmin == swarm_wmax this is the random walk (RandomStrategy)
//    in distribution; test/strategies checks it.
//
//    Invariants (asserted): pick returns an enabled event's tid; every
//    weight lies in [wmin, wmax] and is > 0.
//===----------------------------------------------------------------------===//
#include "Strategy.h"
#include "Vec.h"

#include <assert.h>
#include <stdio.h>

#include <algorithm>

namespace schedsan {

namespace {

class SwarmStrategy final : public Strategy {
public:
  static constexpr uint64_t kDefaultK = 1000; // as PCT's
  // Keeps the weight stream apart from the choice stream of the same seed.
  static constexpr uint64_t kWeightSalt = 0x5357524d57474854ull;

  const char *name() const override { return "swarm"; }

  void beginRun(const StrategyOptions &O, uint64_t Seed) override {
    Strategy::beginRun(O, Seed);
    if (Opts.swarm_wmin == 0)
      Opts.swarm_wmin = 1;
    if (Opts.swarm_wmax < Opts.swarm_wmin)
      Opts.swarm_wmax = Opts.swarm_wmin;
    unsigned Reuse = Opts.swarm_reuse ? Opts.swarm_reuse : 1;
    W.seed((Seed / Reuse) ^ kWeightSalt);
    uint64_t K = Opts.k ? Opts.k : kDefaultK;
    Change.clear();
    for (unsigned I = 1; I < Opts.depth; ++I)
      Change.push_back(R.range(1, K));
    std::sort(Change.begin(), Change.end());
    Next = 0;
    Weight.clear();
  }

  void onThreadStart(Tid T, Tid) override {
    assert(T != kNoTid);
    if (T >= Weight.size())
      Weight.resize(T + 1, 0);
    Weight[T] = draw();
  }

  Tid pick(const Event *Pending, size_t N, const Point &At) override {
    uint64_t Sum = 0;
    size_t Enabled = 0;
    for (size_t I = 0; I != N; ++I)
      if (Pending[I].enabled) {
        Sum += weight(Pending[I].tid);
        ++Enabled;
      }
    assert(Enabled && Sum && "pick() needs an enabled event");
    (void)Enabled; // read by the assert only
    uint64_t Target = R.below(Sum);
    Tid Picked = kNoTid;
    for (size_t I = 0; I != N; ++I) {
      if (!Pending[I].enabled)
        continue;
      uint64_t Wt = weight(Pending[I].tid);
      if (Target < Wt) {
        Picked = Pending[I].tid;
        break;
      }
      Target -= Wt;
    }
    assert(Picked != kNoTid);
    // After the counted step c_i, the thread that runs it gets a new weight
    // (one redraw per change point due by this step: a counted step may
    // reach the strategy with one thread enabled under rff's constraints,
    // RffStrategy.cpp, and its change point must not be lost).
    while (Next != Change.size() && Change[Next] <= At.counted) {
      ++Next;
      Weight[Picked] = draw();
    }
    return Picked;
  }

  // With one enabled thread pick is not called (Strategy.h).
  uint64_t grantLease(const Event &, const Event *Pending, size_t N,
                      const Point &) override {
    return countEnabled(Pending, N) < 2 ? UINT64_MAX : 0;
  }

  size_t describe(char *Buf, size_t Size) const override {
    size_t Len = snprintf(Buf, Size, "swarm weights:");
    for (size_t T = 0; T != Weight.size(); ++T)
      if (Weight[T])
        Len += snprintf(Buf + std::min(Len, Size), Size - std::min(Len, Size),
                        " t%zu=%u", T, Weight[T]);
    Len += snprintf(Buf + std::min(Len, Size), Size - std::min(Len, Size),
                    " change points:");
    for (uint64_t C : Change)
      Len += snprintf(Buf + std::min(Len, Size), Size - std::min(Len, Size),
                      " %llu", (unsigned long long)C);
    return Len;
  }

private:
  unsigned draw() {
    unsigned Wt = unsigned(W.range(Opts.swarm_wmin, Opts.swarm_wmax));
    assert(Wt >= Opts.swarm_wmin && Wt <= Opts.swarm_wmax && Wt > 0);
    return Wt;
  }

  // A thread the strategy was not told about gets its weight on first use.
  unsigned weight(Tid T) {
    if (T >= Weight.size())
      Weight.resize(T + 1, 0);
    if (!Weight[T])
      Weight[T] = draw();
    return Weight[T];
  }

  Rng W; // weights: seeded by seed / swarm_reuse
  Vec<uint64_t> Change;
  size_t Next = 0;
  Vec<unsigned> Weight; // 0: no weight yet
};

} // namespace

Strategy *newSwarmStrategy() { return new SwarmStrategy(); }

} // namespace schedsan
