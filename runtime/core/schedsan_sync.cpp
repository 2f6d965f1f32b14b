//===- schedsan_sync.cpp - The model of synchronization objects -----------===//
//
// FILE:
//    runtime/core/schedsan_sync.cpp
//
// DESCRIPTION:
//    An open-addressing table from object address to SyncObj, and the rule
//    for each blocking event: enabled when it would not block.
//      mutex lock        free, a recursive/errorcheck mutex T owns, or a
//                        robust one whose owner ended
//      cond reacquire    signaled (or may time out) and the mutex free
//      rwlock read       no writer;  rwlock write: no writer, no readers
//      barrier (2nd)     the barrier's generation moved on
//      sem wait          the semaphore's value > 0 (read from the object)
//      once              nobody else is running the initializer
//      join              the joinee finished
//      sleep             the virtual clock reached its deadline
//    A pending cancel (pthread_cancel) enables the waits that are
//    cancellation points: condition (once the mutex is free), semaphore,
//    join and sleep.
//    try variants are always enabled: when they would block they fail, so
//    whether they fail is the scheduler's choice of when to run them. Timed
//    variants are enabled once their deadline passed on the virtual clock
//    (with time=yield: always), schedsan_time.h.
//===----------------------------------------------------------------------===//
#include "core/schedsan_sync.h"
#include "core/schedsan_lease.h"
#include "core/schedsan_rt.h"
#include "core/schedsan_time.h"
#include "core/schedsan_weak_hooks.h"

#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

namespace schedsan {

namespace {

constexpr uintptr_t kTombstone = 1;
constexpr unsigned kInitialCapacity = 1024;

SyncObj *Table = nullptr;
unsigned Capacity = 0, Used = 0; // Used counts tombstones too

unsigned hashAddr(uintptr_t A, unsigned Mask) {
  uint64_t H = A * 0x9e3779b97f4a7c15ull;
  return (unsigned)(H >> 32) & Mask;
}

void grow() {
  SyncObj *Old = Table;
  unsigned OldCap = Capacity;
  Capacity = Capacity ? Capacity * 2 : kInitialCapacity;
  Table = (SyncObj *)calloc(Capacity, sizeof(SyncObj));
  Used = 0;
  for (unsigned I = 0; I != OldCap; ++I)
    if (Old[I].addr > kTombstone) {
      unsigned J = hashAddr(Old[I].addr, Capacity - 1);
      while (Table[J].addr)
        J = (J + 1) & (Capacity - 1);
      Table[J] = Old[I];
      ++Used;
    }
  free(Old);
}

SyncObj *find(uintptr_t Addr) {
  if (!Capacity || Addr <= kTombstone) // null is never a sync object
    return nullptr;
  for (unsigned J = hashAddr(Addr, Capacity - 1);;
       J = (J + 1) & (Capacity - 1)) {
    if (Table[J].addr == Addr)
      return &Table[J];
    if (!Table[J].addr)
      return nullptr;
  }
}

} // namespace

SyncObj &syncObj(uintptr_t Addr) {
  TsanIgnore Ignore;
  if (Addr <= kTombstone) {
    // pthread_mutex_lock(NULL) & co.: no model; the real call faults.
    static SyncObj Scratch;
    Scratch = SyncObj();
    return Scratch;
  }
  if (SyncObj *O = find(Addr))
    return *O;
  if ((Used + 1) * 2 > Capacity)
    grow();
  unsigned J = hashAddr(Addr, Capacity - 1);
  while (Table[J].addr > kTombstone)
    J = (J + 1) & (Capacity - 1);
  if (!Table[J].addr)
    ++Used;
  Table[J] = SyncObj();
  Table[J].addr = Addr;
  return Table[J];
}

void syncForget(uintptr_t Addr) {
  TsanIgnore Ignore;
  // Waiters of a forgotten object become enabled without a scheduling
  // point: no lease may outlive that (strategy/Strategy.h, "Leases").
  endLease();
  if (SyncObj *O = find(Addr)) {
    *O = SyncObj();
    O->addr = kTombstone;
  }
}

bool ownerDied(const SyncObj &O) {
  return O.robust && O.owner != kNoTid && O.owner < rt.num_threads &&
         rt.threads[O.owner] && rt.threads[O.owner]->finished;
}

// glibc's once word: 0 not run; bit 0 set (with the fork generation above
// bit 1) while an initializer runs; 2 done. An initializer that threw
// leaves it 0 again (glibc's cleanup), whatever the model last recorded.
static bool onceInProgress(uintptr_t Once) {
  const int Word =
      __atomic_load_n(reinterpret_cast<int *>(Once), __ATOMIC_ACQUIRE);
  return (Word & 1) && !(Word & 2);
}

static bool mutexFreeFor(const SyncObj *M, Tid T) {
  return !M || M->owner == kNoTid ||
         (M->owner == T && M->type != MutexType::Normal) || ownerDied(*M);
}

bool isEnabled(const ThreadState *T, const Event &E) {
  switch (E.kind) {
  case EventKind::MutexLock: {
    const SyncObj *M = find(E.addr);
    if (T->wait_cond) // reacquiring after a condition wait
      return (T->signaled || timedOut(T) || T->cancelPending()) &&
             (!M || M->owner == kNoTid || ownerDied(*M));
    return timedOut(T) || mutexFreeFor(M, T->tid);
  }
  case EventKind::RwLockRead: {
    const SyncObj *L = find(E.addr);
    return timedOut(T) || !L || L->owner == kNoTid;
  }
  case EventKind::RwLockWrite: {
    const SyncObj *L = find(E.addr);
    return timedOut(T) || !L || (L->owner == kNoTid && L->readers == 0);
  }
  case EventKind::BarrierWait: {
    if (!T->barrier_gen)
      return true; // arriving
    const SyncObj *B = find(E.addr);
    return !B || B->barrier_gen != T->barrier_gen - 1;
  }
  case EventKind::SemWait: {
    if (timedOut(T) || T->cancelPending())
      return true;
    int V = 0;
    sem_getvalue(reinterpret_cast<sem_t *>(E.addr), &V);
    return V > 0;
  }
  case EventKind::Once: {
    const SyncObj *O = find(E.addr);
    return !O || O->once_state != 1 || O->once_runner == T->tid ||
           !onceInProgress(E.addr);
  }
  case EventKind::ThreadJoin:
    return timedOut(T) || !T->join_target || T->join_target->finished ||
           T->cancelPending();
  case EventKind::Sleep:
    return rt.now_ns >= T->deadline || T->cancelPending() ||
           T->futexWordChanged() ||
           (T->signal_wait &&
            __atomic_load_n(&rt.signal_sends, __ATOMIC_SEQ_CST) !=
                T->signal_sends_seen) ||
           (T->sleep_ends_at_handler && T->handlerBeganInSleep());
  default:
    return true;
  }
}

bool waitsForLockOf(const ThreadState *T, const Event &E, Tid Holder) {
  if (E.kind != EventKind::MutexLock && E.kind != EventKind::RwLockRead &&
      E.kind != EventKind::RwLockWrite)
    return false;
  const SyncObj *L = find(E.addr);
  return L && L->owner == Holder && !isEnabled(T, E);
}

void describeWait(const ThreadState *T, const Event &E, char *Buf,
                  unsigned Size) {
  const SyncObj *O = find(E.addr);
  Tid Holder = O ? O->owner : kNoTid;
  switch (E.kind) {
  case EventKind::MutexLock:
    if (T->wait_cond && !T->signaled && !timedOut(T)) {
      snprintf(Buf, Size,
               "waits on condition variable 0x%zx (never signaled "
               "since the wait began)",
               (size_t)T->wait_cond);
      return;
    }
    if (Holder != kNoTid)
      snprintf(Buf, Size, "waits for mutex 0x%zx, held by T%u", (size_t)E.addr,
               Holder);
    else
      snprintf(Buf, Size, "waits for mutex 0x%zx", (size_t)E.addr);
    return;
  case EventKind::RwLockRead:
  case EventKind::RwLockWrite:
    if (Holder != kNoTid)
      snprintf(Buf, Size, "waits for rwlock 0x%zx, write-locked by T%u",
               (size_t)E.addr, Holder);
    else
      snprintf(Buf, Size,
               "waits for rwlock 0x%zx, read-locked by %u "
               "thread(s)",
               (size_t)E.addr, O ? O->readers : 0);
    return;
  case EventKind::BarrierWait:
    snprintf(Buf, Size, "waits at barrier 0x%zx (%u of %u arrived)",
             (size_t)E.addr, O ? O->barrier_arrived : 0,
             O ? O->barrier_count : 0);
    return;
  case EventKind::SemWait:
    snprintf(Buf, Size, "waits on semaphore 0x%zx (value 0)", (size_t)E.addr);
    return;
  case EventKind::Once:
    snprintf(Buf, Size, "waits for pthread_once 0x%zx, run by T%u",
             (size_t)E.addr, O ? O->once_runner : kNoTid);
    return;
  case EventKind::ThreadJoin:
    snprintf(Buf, Size, "waits to join T%u",
             T->join_target ? T->join_target->tid : kNoTid);
    return;
  default:
    snprintf(Buf, Size, "%s", eventKindName(E.kind));
    return;
  }
}

} // namespace schedsan
