//===- schedsan_sync.h - The model of synchronization objects ---*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_sync.h
//
// DESCRIPTION:
//    What the runtime knows of each mutex, rwlock, spinlock, barrier and once
//    object, keyed by address, so that it can tell whether an event would
//    block (an event is enabled only when it would not). Condition waiters
//    and joins are kept in ThreadState; semaphores are read from the real
//    object. Only the current thread touches the table.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_SYNC_H
#define SCHEDSAN_SYNC_H

#include "Event.h"

#include <stdint.h>

namespace schedsan {

struct ThreadState;

enum class MutexType : uint8_t { Normal, Recursive, ErrorCheck };

struct SyncObj {
  uintptr_t addr = 0; // 0: free slot
  Tid owner = kNoTid; // mutex, spinlock, rwlock writer
  uint32_t recursion = 0;
  uint32_t readers = 0; // rwlock
  uint32_t barrier_count = 0, barrier_arrived = 0, barrier_gen = 0;
  MutexType type = MutexType::Normal;
  bool robust = false;       // a robust mutex: its owner's death frees it
  Tid last_release = kNoTid; // who last unlocked or posted it
  uint8_t once_state = 0;    // 0 not run, 1 running, 2 done
  Tid once_runner = kNoTid;
};

// The object at Addr, created on first use (never null).
SyncObj &syncObj(uintptr_t Addr);
// Forgets the object at Addr (destroy).
void syncForget(uintptr_t Addr);

// Whether an event of kind K can ever be disabled (the rest never block).
inline bool mayBlock(EventKind K) {
  return K == EventKind::MutexLock || K == EventKind::RwLockRead ||
         K == EventKind::RwLockWrite || K == EventKind::BarrierWait ||
         K == EventKind::SemWait || K == EventKind::Once ||
         K == EventKind::ThreadJoin || K == EventKind::Sleep;
}

// A robust mutex whose owner ended while holding it: the next lock gets it
// (EOWNERDEAD, then ENOTRECOVERABLE if nobody made it consistent).
bool ownerDied(const SyncObj &O);

// Whether T's pending event E would proceed without blocking now.
bool isEnabled(const ThreadState *T, const Event &E);

// The same for any event: one that can never block is always enabled.
inline bool enabledNow(const ThreadState *T, const Event &E) {
  return !mayBlock(E.kind) || isEnabled(T, E);
}

// Whether T, whose pending event is E, waits for a lock (a mutex, or a
// rwlock held for writing) that Holder holds.
bool waitsForLockOf(const ThreadState *T, const Event &E, Tid Holder);

// What a blocked thread waits for, and who holds it, for reports.
void describeWait(const ThreadState *T, const Event &E, char *Buf,
                  unsigned Size);

} // namespace schedsan

#endif // SCHEDSAN_SYNC_H
