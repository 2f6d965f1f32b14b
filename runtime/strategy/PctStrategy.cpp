//===- PctStrategy.cpp - Probabilistic Concurrency Testing ----------------===//
//
// FILE:
//    runtime/strategy/PctStrategy.cpp
//
// DESCRIPTION:
//    PCT: Burckhardt, Kothari, Musuvathi, Nagarakatte, "A Randomized
//    Scheduler with Probabilistic Guarantees of Finding Bugs", ASPLOS 2010
//    (§2.5 and Fig. 7 for the algorithm, §4 for the practical parts).
//
//    Idealized algorithm (n threads, k steps, depth d): give the threads the
//    priorities d..d+n-1 as a random permutation, draw d-1 change points
//    k_1..k_{d-1} uniformly in [1, k]; always run the enabled thread with the
//    highest priority; at step k_i the running thread's priority drops to
//    d-i (Fig. 7; §2.5 says i, the same distribution). It finds every bug of
//    depth d with probability >= 1/(n k^(d-1)).
//
//    How this implementation departs from it, and why:
//    - n is not known in advance. A thread created later is inserted at a
//      uniformly random rank among the threads that still hold an initial
//      priority (>= d). Inserting the i-th thread at one of i equally likely
//      ranks builds exactly a uniform random permutation, so for threads
//      that all exist before the first change point nothing changes.
//    - Steps are scheduling points, not instructions, and only points with
//      more than one enabled thread count (§4.2 "synchronization operations"
//      and "sequential execution"): k becomes the number of such points.
//      This is what endRun() reports, and the runtime passes a run's count
//      as the next run's Opts.k (k "estimated from earlier runs"). With
//      Opts.k == 0 (first run) kDefaultK is used. A change point beyond the
//      run's last counted step never fires: the run then has a smaller
//      effective depth, as in the paper when k over-estimates.
//    - A change point acts *before* the counted step it is placed on: at
//      step k_i the thread that would run is demoted and the pick is made
//      again. Fig. 7 demotes the thread that has just executed step k_i;
//      the two differ only by one step's offset and when that thread blocks
//      right after the step. Acting before lets a change point preempt a
//      thread's very first event (the POS paper, §6.1, had to add a dummy
//      first event per thread to PCT for this). Several change points on
//      one step demote one thread once, to the lowest of their values (Fig.
//      7's loop leaves the thread at the last, lowest value as well).
//    - Final wait (§4.2): when the main thread (tid 0) is about to exit, its
//      priority drops below every other thread's, so that late effects of
//      the other threads are seen before the process ends. This is not one
//      of the d-1 change points.
//    - Starvation (§4.1): a thread whose last Opts.yield_bound executed
//      events were all voluntary yields or unproductive polls (is_yield) is,
//      at each further such event, demoted below every thread with
//      probability 1/kStarvationOdds; otherwise a high-priority spin loop
//      waiting for a low-priority thread would never end. Such a demotion
//      leaves the idealized algorithm; it only happens in spin loops.
//    - No phases at join points (§4.2): the change points are spread over
//      the whole run. (Phases need the runtime to know "one thread enabled
//      = a phase boundary", which would also cut the POS running example
//      in two; see benchmarks/RESULTS.md.)
//
//    Invariants (asserted): pick returns an enabled event's tid; at most
//    d-1 change points fire per run, each at most once; a thread's priority
//    is >= d until it is demoted, < d afterwards, and distinct from every
//    other live thread's priority.
//===----------------------------------------------------------------------===//
#include "Strategy.h"
#include "Vec.h"

#include <assert.h>
#include <stdio.h>

#include <algorithm>

namespace schedsan {

namespace {

class PctStrategy final : public Strategy {
public:
  // Used when no k is known yet (first run, no state file).
  static constexpr uint64_t kDefaultK = 1000;
  // A starving thread is demoted with probability 1/kStarvationOdds per
  // further yield once it has yielded Opts.yield_bound times in a row.
  static constexpr uint64_t kStarvationOdds = 8;

  const char *name() const override { return "pct"; }

  void beginRun(const StrategyOptions &O, uint64_t Seed) override {
    Strategy::beginRun(O, Seed);
    assert(Opts.depth >= 1 && "PCT needs d >= 1");
    K = Opts.k ? Opts.k : kDefaultK;
    Fired = 0;
    Floor = 0;
    High.clear();
    Prio.clear();
    Yields.clear();
    MainExiting = false;
    // Change point i (1-based) sits at step Change[i-1].Step with value
    // d - i (Fig. 7). Sorted by step so that pick() looks at one entry.
    Change.clear();
    for (unsigned I = 1; I < Opts.depth; ++I)
      Change.push_back({R.range(1, K), int64_t(Opts.depth - I)});
    std::sort(Change.begin(), Change.end(),
              [](const CP &A, const CP &B) { return A.Step < B.Step; });
    Next = 0;
  }

  void onThreadStart(Tid T, Tid) override {
    grow(T);
    forget(T); // a reused tid starts afresh
    Yields[T] = 0;
    // A random rank among the threads that still hold initial priorities:
    // i+1 equally likely slots for the (i+1)-th thread.
    size_t Slot = R.below(High.size() + 1);
    High.insert(High.begin() + Slot, T);
    renumber();
  }

  void onThreadEnd(Tid T) override { forget(T); }

  Tid pick(const Event *Pending, size_t N, const Point &At) override {
    size_t Enabled = 0;
    for (size_t I = 0; I != N; ++I) {
      const Event &E = Pending[I];
      grow(E.tid);
      Enabled += E.enabled;
      // Final wait: main's exit goes behind everything else, once.
      if (E.tid == 0 && E.kind == EventKind::ThreadExit && !MainExiting) {
        MainExiting = true;
        demote(0, --Floor);
      }
    }
    assert(Enabled && "pick() needs an enabled event");
    Tid Best = highest(Pending, N);
    // Change points due by this step demote the thread that would run now.
    // Due by, not on: a counted step may reach the strategy with one thread
    // enabled (rff shows the threads its constraints hold back as blocked,
    // RffStrategy.cpp), and its change point must not be lost.
    int64_t Value = INT64_MAX;
    while (Next != Change.size() && Change[Next].Step <= At.counted)
      Value = std::min(Value, Change[Next++].Value), ++Fired;
    if (Value != INT64_MAX) {
      assert(Value >= 1 && Value < int64_t(Opts.depth));
      demote(Best, Value);
      Best = highest(Pending, N);
    }
    assert(Fired <= Opts.depth - 1);
    return Best;
  }

  void onExecuted(const Event &E, const Event *, size_t) override {
    grow(E.tid);
    uint32_t &Y = Yields[E.tid];
    if (!E.is_yield) {
      Y = 0;
      return;
    }
    if (++Y >= Opts.yield_bound && R.below(kStarvationOdds) == 0) {
      demote(E.tid, --Floor);
      Y = 0;
    }
  }

  // While the enabled set stays the same, the highest enabled thread -- the
  // one picked -- keeps running until the next change point: with one
  // enabled thread no step is counted and no change point can fire.
  // Each skipped point would have been a counted step (pick) followed by a
  // non-yield onExecuted, which leaves Yields[E.tid] at 0 as it is.
  uint64_t grantLease(const Event &E, const Event *Pending, size_t N,
                      const Point &At) override {
    if (E.is_yield)
      return 0;
    if (countEnabled(Pending, N) < 2 || Next == Change.size())
      return UINT64_MAX;
    assert(Change[Next].Step > At.counted);
    return Change[Next].Step - At.counted - 1;
  }

  size_t describe(char *Buf, size_t Size) const override {
    size_t Len = snprintf(Buf, Size,
                          "pct d=%u k=%llu fired=%u change points:", Opts.depth,
                          (unsigned long long)K, Fired);
    for (const CP &C : Change)
      Len += snprintf(Buf + std::min(Len, Size), Size - std::min(Len, Size),
                      " %llu", (unsigned long long)C.Step);
    return Len;
  }

private:
  struct CP {
    uint64_t Step;
    int64_t Value;
  };

  void grow(Tid T) {
    assert(T != kNoTid);
    if (T >= Prio.size()) {
      Prio.resize(T + 1, 0);
      Yields.resize(T + 1, 0);
    }
  }

  // High holds the undemoted threads from lowest to highest priority.
  void renumber() {
    for (size_t I = 0; I != High.size(); ++I)
      Prio[High[I]] = int64_t(Opts.depth + I);
  }

  // Takes T out of the initial-priority ranks (demoted or gone).
  void forget(Tid T) {
    auto It = std::find(High.begin(), High.end(), T);
    if (It != High.end()) {
      High.erase(It);
      renumber();
    }
  }

  void demote(Tid T, int64_t Value) {
    forget(T);
    Prio[T] = Value;
  }

  Tid highest(const Event *Pending, size_t N) const {
    Tid Best = kNoTid;
    int64_t BestPrio = INT64_MIN;
    for (size_t I = 0; I != N; ++I) {
      const Event &E = Pending[I];
      if (!E.enabled)
        continue;
      assert((Best == kNoTid || Prio[E.tid] != BestPrio) &&
             "live threads have distinct priorities");
      if (Best == kNoTid || Prio[E.tid] > BestPrio) {
        Best = E.tid;
        BestPrio = Prio[E.tid];
      }
    }
    return Best;
  }

  uint64_t K = kDefaultK;
  unsigned Fired = 0; // change points that fired
  int64_t Floor = 0;  // below every change value: final wait, starvation
  bool MainExiting = false;
  Vec<CP> Change;
  size_t Next = 0;
  Vec<Tid> High;
  Vec<int64_t> Prio;
  Vec<uint32_t> Yields;
};

} // namespace

Strategy *newPctStrategy() { return new PctStrategy(); }

} // namespace schedsan
