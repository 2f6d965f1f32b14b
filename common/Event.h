//===- Event.h - The event model --------------------------------*- C++ -*-===//
//
// FILE:
//    common/Event.h
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
#define SCHEDSAN_EVENT_KIND(Kind, Name, Group) Kind,
#include "EventKinds.def"
#undef SCHEDSAN_EVENT_KIND
  NumKinds
};

enum class EventGroup : uint8_t { Memory, Sync, Thread, Script };

constexpr EventGroup eventGroup(EventKind K) {
  constexpr EventGroup Groups[] = {
#define SCHEDSAN_EVENT_KIND(Kind, Name, Group) EventGroup::Group,
#include "EventKinds.def"
#undef SCHEDSAN_EVENT_KIND
  };
  return Groups[static_cast<size_t>(K)];
}

const char *eventKindName(EventKind K);

// Memory accesses (from the pass): they never block and change no
// synchronization object.
// (Range tests, the fast path of every memory event: EventKinds.def keeps
// each group together, memory first, synchronization next.)
constexpr bool isMemoryKind(EventKind K) { return K <= EventKind::MemSet; }

// Synchronization objects: any two operations on one object race.
constexpr bool isSyncKind(EventKind K) {
  return K >= EventKind::MutexLock && K <= EventKind::SignalSend;
}

// The ranges above are exactly the groups of EventKinds.def.
constexpr bool rangesMatchGroups() {
  for (size_t I = 0; I != static_cast<size_t>(EventKind::NumKinds); ++I) {
    const EventKind K = static_cast<EventKind>(I);
    if (isMemoryKind(K) != (eventGroup(K) == EventGroup::Memory) ||
        isSyncKind(K) != (eventGroup(K) == EventGroup::Sync))
      return false;
  }
  return true;
}
static_assert(rangesMatchGroups(),
              "EventKinds.def: each group's kinds together, memory first, "
              "then synchronization");

struct Event {
  Tid tid = kNoTid;
  EventKind kind = EventKind::Yield;
  bool is_write = false; // for memory kinds: writes (Update, RMW: true)
  bool enabled = true;   // performing it now would not block
  // A voluntary yield or a poll that found nothing new (sched_yield, sleep,
  // failed trylock, spinning atomic load): counts toward fairness.
  bool is_yield = false;
  uintptr_t addr = 0;  // object address (0: none)
  uintptr_t size = 0;  // bytes touched at addr (memory kinds)
  uintptr_t addr2 = 0; // second range (MemTransfer source), size bytes
  uint32_t site = 0;   // dense site id (0: unknown)
  uint64_t seq = 0;    // per-thread event number: a new seq = a new event
};

// Two events race when they come from different threads, touch overlapping
// objects, and at least one writes; for synchronization objects any two
// operations race. With ReadsRace=false (POS*), two reads never race.
bool eventsRace(const Event &A, const Event &B, bool ReadsRace);

} // namespace schedsan

#endif // SCHEDSAN_STRATEGY_EVENT_H
