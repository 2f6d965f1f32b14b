//===- Event.h - The event model shared by runtime and strategies -*- C++ -*-===//
//
// FILE:
//    runtime/strategy/Event.h
//
// DESCRIPTION:
//    A scheduling point is reached before a thread performs a visible
//    operation; the thread publishes its pending Event and waits until a
//    strategy picks it. This header is the whole world a strategy sees: it
//    includes nothing from the OS, so the same strategies run inside
//    programs and inside the model simulator (benchmarks/).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_STRATEGY_EVENT_H
#define SCHEDSAN_STRATEGY_EVENT_H

#include <stddef.h>
#include <stdint.h>

namespace schedsan {

using Tid = uint32_t;
constexpr Tid kNoTid = ~0u;

enum class EventKind : uint8_t {
  // Memory (from the pass).
  Read, Write, Update, AtomicLoad, AtomicStore, AtomicRMW, AtomicCmpXchg,
  Fence, MemTransfer, MemSet,
  // Synchronization (from the interceptors).
  MutexLock, MutexTryLock, MutexUnlock, CondWait, CondSignal, CondBroadcast,
  RwLockRead, RwLockWrite, RwLockUnlock, BarrierWait, SemWait, SemPost, Once,
  ThreadCreate, ThreadJoin, ThreadStart, ThreadExit, Yield,
  Sleep, // waits for a deadline on the virtual clock (schedsan_time.h)
  // Script events (optional pass events).
  FuncEntry, FuncExit, Call, Control,
  NumKinds
};

const char *eventKindName(EventKind K);

// Memory accesses (from the pass): they never block and change no
// synchronization object.
inline bool isMemoryKind(EventKind K) { return K <= EventKind::MemSet; }

// Synchronization objects: any two operations on one object race.
inline bool isSyncKind(EventKind K) {
  return K >= EventKind::MutexLock && K <= EventKind::Once;
}

struct Event {
  Tid tid = kNoTid;
  EventKind kind = EventKind::Yield;
  bool is_write = false; // for memory kinds: writes (Update, RMW: true)
  bool enabled = true;   // performing it now would not block
  // A voluntary yield or a poll that found nothing new (sched_yield, sleep,
  // failed trylock, spinning atomic load): counts toward fairness.
  bool is_yield = false;
  uintptr_t addr = 0;    // object address (0: none)
  uintptr_t size = 0;    // bytes touched at addr (memory kinds)
  uintptr_t addr2 = 0;   // second range (MemTransfer source), size bytes
  uint32_t site = 0;     // dense site id (0: unknown)
  uint64_t seq = 0;      // per-thread event number: a new seq = a new event
};

// Two events race when they come from different threads, touch overlapping
// objects, and at least one writes; for synchronization objects any two
// operations race. With ReadsRace=false (POS*), two reads never race.
bool eventsRace(const Event &A, const Event &B, bool ReadsRace);

} // namespace schedsan

#endif // SCHEDSAN_STRATEGY_EVENT_H
