//===- schedsan_interceptors_sync.h - Sync calls' model updates -*- C++ -*-===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors_sync.h
//
// DESCRIPTION:
//    What the synchronization interceptors (schedsan_interceptors_mutex.cpp,
//    schedsan_interceptors_cond.cpp) read from glibc's objects and write to
//    the model (schedsan_sync.h) around their real calls: owners, recursion,
//    who released last, and how a try or timed call that would block ends.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_INTERCEPTORS_SYNC_H
#define SCHEDSAN_INTERCEPTORS_SYNC_H

#include "core/schedsan_fairness.h"
#include "core/schedsan_rtl.h"
#include "core/schedsan_sync.h"
#include "core/schedsan_time.h"

#include <pthread.h>

namespace schedsan {

inline uintptr_t addr(const void *P) { return reinterpret_cast<uintptr_t>(P); }

// glibc keeps the type in __data.__kind (PTHREAD_MUTEX_KIND_MASK_NP = 3).
inline MutexType mutexType(const pthread_mutex_t *M) {
  switch (M->__data.__kind & 3) {
  case PTHREAD_MUTEX_RECURSIVE:
    return MutexType::Recursive;
  case PTHREAD_MUTEX_ERRORCHECK:
    return MutexType::ErrorCheck;
  default:
    return MutexType::Normal;
  }
}

// glibc's PTHREAD_MUTEX_ROBUST_NORMAL_NP bit of __data.__kind.
inline bool mutexRobust(const pthread_mutex_t *M) {
  return M->__data.__kind & 16;
}

inline bool heldByOther(const void *Obj, Tid T) {
  SyncObj &O = syncObj(addr(Obj));
  return O.owner != kNoTid && O.owner != T && !ownerDied(O);
}

// A thread that takes what another thread released synchronized with it:
// that is progress (ThreadState::newWork), a lock it released itself is not.
inline void syncedWith(const SyncObj &O, Tid T) {
  if (O.last_release != kNoTid && O.last_release != T && T < rt.num_threads)
    rt.threads[T]->newWork();
}

// After a lock that returned 0, or EOWNERDEAD (a robust mutex whose owner
// died is held all the same).
inline void acquired(const void *Obj, Tid T, MutexType Type,
                     bool Robust = false) {
  SyncObj &O = syncObj(addr(Obj));
  syncedWith(O, T);
  if (O.owner == T) {
    ++O.recursion;
    return;
  }
  O.owner = T;
  O.recursion = 1;
  O.type = Type;
  O.robust = Robust;
}

inline void released(const void *Obj, Tid T) {
  SyncObj &O = syncObj(addr(Obj));
  O.last_release = T;
  if (O.recursion > 1) {
    --O.recursion;
    return;
  }
  O.owner = kNoTid;
  O.recursion = 0;
}

// A timed or try event that would block now is a yield with time=yield;
// with virtual time a timed wait waits, and only its timeout is no progress.
inline bool timedYield(bool WouldBlock) { return WouldBlock && !virtualTime(); }

// The timed event of T ended without what it waited for.
inline int timedOutAfterWait(ThreadState *T, int Err) {
  if (virtualTime())
    noteNoProgress(T);
  return Err;
}

} // namespace schedsan

#endif // SCHEDSAN_INTERCEPTORS_SYNC_H
