//===- Model.h - Abstract concurrent programs for the strategy simulator -===//
//
// FILE:
//    utils/strategy-model/Model.h
//
// DESCRIPTION:
//    The model that the strategy unit tests (test/unit/strategy/) and the
//    fidelity simulator (benchmarks/sim/) run the real strategy classes on:
//    threads are fixed lists of operations on numbered objects (read,
//    write, and a blocking wait / signal pair on counting objects), in the
//    machine model of the POS paper (§3): sequential consistency, one
//    object per event, all threads exist from the start.
//
//    runOnce() plays one schedule: it builds the pending Event of every
//    live thread, asks Strategy::pick, tells onExecuted, and records
//    - the partial order of the trace as a key: for every event, how many
//      earlier events of its object it follows (the POS paper's object
//      index I_E(e)); with ReadsCommute a read records the number of
//      earlier writes and a write the number of earlier accesses, so two
//      traces that differ only in the order of adjacent reads of one
//      object get one key. Two traces have equal keys iff they are
//      partial-order equivalent (the order of each object's accesses, up
//      to reads between two writes, fixes the trace up to swaps of
//      independent neighbours, and the other way round);
//    - the first failed check (an "assert" on a read's value);
//    - a deadlock, if every unfinished thread is blocked.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_SIM_MODEL_H
#define SCHEDSAN_SIM_MODEL_H

#include "ReplayStrategy.h"
#include "Strategy.h"

#include <stdint.h>

#include <string>
#include <vector>

namespace schedsan {
namespace sim {

constexpr unsigned kMaxThreads = 8;
constexpr unsigned kMaxObjects = 16;

enum class OpKind : uint8_t {
  Read,   // reads obj; may check its value
  Write,  // obj = value
  Wait,   // blocks until obj > 0, then obj -= 1 (semaphore-like)
  Signal, // obj += 1
};

enum class Check : uint8_t { None, Eq, Ne };

struct Op {
  OpKind kind = OpKind::Write;
  uint8_t obj = 0;
  int32_t value = 0;         // Write: value stored; Read: checked against
  Check check = Check::None; // Read only: fails unless obj ==/!= value
  bool isWrite() const { return kind != OpKind::Read; }
};

// Builders for model programs.
inline Op wr(unsigned Obj, int32_t V = 1) {
  Op O;
  O.kind = OpKind::Write;
  O.obj = Obj;
  O.value = V;
  return O;
}
inline Op rd(unsigned Obj, Check C = Check::None, int32_t V = 0) {
  Op O;
  O.kind = OpKind::Read;
  O.obj = Obj;
  O.check = C;
  O.value = V;
  return O;
}
inline Op wait(unsigned Obj) {
  Op O;
  O.kind = OpKind::Wait;
  O.obj = Obj;
  return O;
}
inline Op signal(unsigned Obj) {
  Op O;
  O.kind = OpKind::Signal;
  O.obj = Obj;
  return O;
}

struct Program {
  std::string name;
  std::vector<std::vector<Op>> threads;
  unsigned objects = 0;
  std::vector<int32_t> init; // initial value per object (0 if absent)
  bool readsCommute =
      false; // partial-order key treats two reads as independent

  size_t events() const;
  // Small enough for an exact 4-bits-per-event key (<= 16 events, < 16
  // accesses per object); otherwise keys are 64-bit hashes.
  bool packedKey() const;
  // Checks the limits above and that wait/signal objects are not also
  // read or written. Aborts with a message when violated.
  void validate() const;
  // validate(), then build the event table runOnce uses. Call after the
  // last change to threads.
  void finalize();

  // events[t][i]: the Event of thread t's op i (enabled = true).
  std::vector<std::vector<Event>> eventTable;
  // base[t]: global number of thread t's op 0; packed: packedKey().
  unsigned base[kMaxThreads] = {};
  bool packed = false;
};

struct Outcome {
  uint64_t key = 0;      // partial order of the trace (see above)
  int failedThread = -1; // thread whose check failed first, -1: none
  int failedOp = -1;
  bool deadlock = false;
  uint32_t steps = 0;  // scheduling points (all, not only counted ones)
  RunSummary summary;  // what the strategy returned from endRun
  uint32_t leased = 0; // points passed under a lease (RuntimeLeases)
};

// How runOnce drives a strategy. Sim (the fidelity tables): pick and
// onExecuted at every point. Runtime: as the runtime does -- pick only with
// two or more enabled events, onExecuted only with two or more live
// threads. RuntimeLeases: also take the leases the strategy grants
// (strategy/Strategy.h), skipping the points they cover.
enum class Driver { Sim, Runtime, RuntimeLeases };

// Plays one schedule of P under S (beginRun(Opts, Seed) ... endRun()),
// telling it each decision's Point as the runtime does.
// With Order non-null, the tids picked are appended to it.
// With Record non-null, the decisions the runtime would write to a trace
// are appended to it: the picks that change the running thread.
Outcome runOnce(const Program &P, Strategy &S, const StrategyOptions &Opts,
                uint64_t Seed, std::vector<uint8_t> *Order = nullptr,
                Driver D = Driver::Sim,
                std::vector<Decision> *Record = nullptr);

// Replays a fixed total order of thread ids (no strategy): the key of a
// schedule given in the paper's notation. Aborts if the order is not
// feasible.
Outcome replay(const Program &P, const std::vector<uint8_t> &Order);

// Key-building state shared with the exact analysis (PartialOrders.cpp).
struct KeyState {
  uint8_t accesses[kMaxObjects] = {};
  uint8_t writes[kMaxObjects] = {};
  // The object index of Op for this state.
  unsigned index(const Op &O, bool ReadsCommute) const {
    if (ReadsCommute && !O.isWrite())
      return writes[O.obj];
    return accesses[O.obj];
  }
  void apply(const Op &O) {
    ++accesses[O.obj];
    writes[O.obj] += O.isWrite();
  }
};

// Combines one event's index into a key (packed or hashed, see Program).
inline uint64_t addToKey(uint64_t Key, bool Packed, unsigned Global,
                         unsigned Index) {
  if (Packed)
    return Key | (uint64_t(Index) << (4 * Global));
  // A sum of per-event hashes: independent of the order events are added.
  uint64_t H = (uint64_t(Global) << 32 | Index) + 0x9e3779b97f4a7c15ull;
  H = (H ^ (H >> 30)) * 0xbf58476d1ce4e5b9ull;
  H = (H ^ (H >> 27)) * 0x94d049bb133111ebull;
  return Key + (H ^ (H >> 31));
}

// Dependence of two events of different threads (static): same object,
// and not two reads when reads commute.
inline bool dependent(const Op &A, const Op &B, bool ReadsCommute) {
  if (A.obj != B.obj)
    return false;
  return !ReadsCommute || A.isWrite() || B.isWrite();
}

// The Event a strategy sees for thread T's op number I.
Event toEvent(const Op &O, unsigned T, unsigned I, bool Enabled);

} // namespace sim
} // namespace schedsan

#endif // SCHEDSAN_SIM_MODEL_H
