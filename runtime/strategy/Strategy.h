//===- Strategy.h - The strategy interface ----------------------*- C++ -*-===//
//
// FILE:
//    runtime/strategy/Strategy.h
//
// DESCRIPTION:
//    A strategy decides, at every scheduling point, which thread goes next.
//    It sees only the event model (Event.h) and makes no OS calls, so the
//    same class runs inside a program (runtime/) and inside the model
//    simulator (benchmarks/). All randomness comes from the strategy's own
//    Rng seeded in beginRun: (strategy, options, seed) fixes the schedule.
//
//    The runtime calls, for one run:
//      beginRun(options, seed)
//      onThreadStart(main, kNoTid)
//      loop: pick(pending, at) -> tid; onExecuted(event of tid, pending)
//            (onThreadStart when a create event executes, onThreadEnd after
//            an exit event executes; choose(n, at) for non-thread choices)
//      endRun(counted) -> what the next run should know
//    Each decision is told where it is made (Point: the step, the counted
//    steps, the running thread); a strategy keeps no step counter of its
//    own, so a replay (ReplayStrategy.h), the runtime and the simulator
//    all number steps alike.
//
//    Leases (the fast path of the decision): after onExecuted(E), where E is
//    a memory event that is not a yield, the runtime may ask
//    grantLease(E, pending, at). The answer L promises that for the next L
//    scheduling points at which E's thread is about to perform a memory
//    event that is not a yield -- while nothing else happens, so no other
//    event appears, disappears or changes its enabled flag -- pick() would
//    return E's thread and onExecuted() would change nothing that
//    endLease(n) does not redo. The runtime then skips pick and onExecuted
//    at up to L such points and calls endLease(n) with the number it
//    skipped before it calls anything else. A lease never changes a
//    schedule: runs with and without leases make the same choices (the
//    simulator's lease test and test/runtime check it).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_STRATEGY_STRATEGY_H
#define SCHEDSAN_STRATEGY_STRATEGY_H

#include "Event.h"
#include "Random.h"
#include "ReadsFrom.h"

#include <stdlib.h>

namespace schedsan {

class ChoiceLog;

// malloc that aborts instead of returning null.
inline void *mallocOrDie(size_t Size) {
  void *P = malloc(Size);
  if (!P)
    abort();
  return P;
}

// How many of Pending[0, N) are enabled.
inline size_t countEnabled(const Event *Pending, size_t N) {
  size_t Enabled = 0;
  for (size_t I = 0; I != N; ++I)
    Enabled += Pending[I].enabled;
  return Enabled;
}

// Everything a strategy may be configured with (runtime flags, simulator).
struct StrategyOptions {
  unsigned depth = 3;      // PCT d; swarm: d-1 weight change points
  uint64_t k = 0;          // expected steps per run (0: unknown)
  unsigned swarm_wmin = 1; // swarm weights uniform in [wmin, wmax]
  unsigned swarm_wmax = 50;
  unsigned swarm_reuse = 1; // weights shared by this many consecutive seeds
  unsigned pos_reset_yields = 1000; // POS: reset all priorities this often
  unsigned yield_bound = 64; // consecutive yields/polls before fairness acts
  // dfs: the choices to follow and record (ChoiceLog.h; nullptr: a log of
  // the strategy's own, with no prefix), CHESS's preemption bound (-1:
  // none), and sleep sets (reduction=sleep; DfsStrategy.cpp).
  ChoiceLog *choices = nullptr;
  int preemption_bound = -1;
  bool sleep_sets = false;
  // rff (RffStrategy.cpp): the run's reads-from state and constraints
  // (nullptr: none), the points at which one constraint may hold threads
  // back in a run, and its base strategy.
  const ReadsFromView *reads_from = nullptr;
  unsigned rf_patience = 1000;
  // rff: the strategy that schedules under the constraints (isRffBase;
  // the runtime option's default too).
  const char *rf_base = "auto";
  // rff: the member of the portfolio (common/PortfolioTable.h) its base
  // `portfolio` runs; -1: member 0. Not the seed's: the runner chooses it
  // (portfolio_member=, runVariant).
  int portfolio_member = -1;
};

// What a finished run tells the next one (PCT uses steps as its next k).
struct RunSummary {
  uint64_t steps = 0; // points with more than one enabled thread
};

// Where a decision is made.
struct Point {
  // The scheduling point's number in the run: every point counts, one
  // enabled thread or many (a trace's decisions are keyed by it).
  uint64_t step = 0;
  // The points so far, this one included, at which two or more threads
  // were enabled (PCT's steps, d-1 change points among the first k).
  uint64_t counted = 0;
  // The thread that reached the point, kNoTid if none (it just ended or
  // was released).
  Tid current = kNoTid;
};

class Strategy {
public:
  virtual ~Strategy() = default;
  // On malloc, not the C++ library's operator new (Vec.h says why).
  static void *operator new(size_t Size) { return mallocOrDie(Size); }
  static void operator delete(void *P) { free(P); }
  virtual const char *name() const = 0;

  virtual void beginRun(const StrategyOptions &Opts, uint64_t Seed) {
    this->Opts = Opts;
    R.seed(Seed);
  }
  // Counted: the run's points with two or more enabled threads (every
  // strategy reports them as the run's k).
  virtual RunSummary endRun(uint64_t Counted) {
    RunSummary S;
    S.steps = Counted;
    return S;
  }

  virtual void onThreadStart(Tid /*T*/, Tid /*Parent*/) {}
  virtual void onThreadEnd(Tid /*T*/) {}

  // Pending holds the pending event of every live thread, disabled ones
  // included. The runtime calls pick only when at least two are enabled
  // (with one, that one runs); the simulator also with one. Returns the
  // tid of an enabled event. Under the fair continuation
  // (runtime/core/schedsan_fairness.cpp) the runtime clears `enabled` on the
  // events of threads that must step aside for others: a strategy sees
  // them as blocked. At.counted counts this point when two or more are
  // enabled.
  virtual Tid pick(const Event *Pending, size_t N, const Point &At) = 0;

  // E (one of Pending) was picked and is performed now.
  virtual void onExecuted(const Event & /*E*/, const Event * /*Pending*/,
                          size_t /*N*/) {}

  // See "Leases" above. 0 (the default): ask at every point. At is the
  // point E was picked at.
  virtual uint64_t grantLease(const Event & /*E*/, const Event * /*Pending*/,
                              size_t /*N*/, const Point & /*At*/) {
    return 0;
  }
  virtual void endLease(uint64_t /*Skipped*/) {}

  // A choice that is not a thread: which waiter a signal wakes, whether a
  // trylock or timed wait fails. Uniform in [0, N) unless a strategy says.
  virtual uint32_t choose(uint32_t N, const Point & /*At*/) {
    return N <= 1 ? 0 : R.below(N);
  }

  // The strategy's random parameters for reports and tests (PCT: change
  // points; swarm: weights), snprintf-style: writes at most Size bytes
  // including the NUL, returns the length it wanted. Empty by default.
  virtual size_t describe(char *Buf, size_t Size) const {
    if (Size)
      Buf[0] = 0;
    return 0;
  }

protected:
  StrategyOptions Opts;
  Rng R;
};

// Factory over the names in Strategies.def; nullptr for an unknown name.
Strategy *createStrategy(const char *Name);

// Whether rff may schedule with Name as its base (RffStrategy.cpp): a
// strategy of the table with the RffBase capability (random, pct, pos,
// pos_strict, basic_pos, swarm, portfolio) or auto.
bool isRffBase(const char *Name);

} // namespace schedsan

#endif // SCHEDSAN_STRATEGY_STRATEGY_H
