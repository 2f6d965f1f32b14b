//===- schedsan_interceptors_sync.cpp - Synchronization primitives --------===//
//
// FILE:
//    runtime/schedsan_interceptors_sync.cpp
//
// DESCRIPTION:
//    Mutexes (normal, recursive, errorcheck; lock/trylock/timedlock/
//    clocklock/unlock), condition variables (wait/timedwait/clockwait/
//    signal/broadcast), rwlocks, spinlocks, barriers, pthread_once and POSIX
//    semaphores. Each publishes an event whose enabledness the model in
//    schedsan_sync.cpp decides, so a controlled thread only calls a real
//    blocking function when it will not block. Condition waits and barriers
//    are performed entirely in the model (the real wait would sleep in the
//    kernel); which waiter a signal wakes is a recorded scheduler choice, and
//    there are no spurious wake-ups. Signals and broadcasts are also passed
//    to the real object, for uncontrolled waiters.
//===----------------------------------------------------------------------===//
#include "schedsan_interceptors.h"
#include "schedsan_fairness.h"
#include "schedsan_sync.h"
#include "schedsan_time.h"

#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

using namespace schedsan;

// ThreadSanitizer's annotations (sanitizer/tsan_interface.h), when it is
// linked: synchronization performed only in the model is made visible.
extern "C" {
__attribute__((weak)) void __tsan_acquire(void *Addr);
__attribute__((weak)) void __tsan_release(void *Addr);
}

namespace {

uintptr_t addr(const void *P) { return reinterpret_cast<uintptr_t>(P); }

// glibc keeps the type in __data.__kind (PTHREAD_MUTEX_KIND_MASK_NP = 3).
MutexType mutexType(const pthread_mutex_t *M) {
  switch (M->__data.__kind & 3) {
  case PTHREAD_MUTEX_RECURSIVE: return MutexType::Recursive;
  case PTHREAD_MUTEX_ERRORCHECK: return MutexType::ErrorCheck;
  default: return MutexType::Normal;
  }
}

// glibc's PTHREAD_MUTEX_ROBUST_NORMAL_NP bit of __data.__kind.
bool mutexRobust(const pthread_mutex_t *M) { return M->__data.__kind & 16; }

bool heldByOther(const void *Obj, Tid T) {
  SyncObj &O = syncObj(addr(Obj));
  return O.owner != kNoTid && O.owner != T && !ownerDied(O);
}

// After a lock that returned 0, or EOWNERDEAD (a robust mutex whose owner
// died is held all the same).
// A thread that takes what another thread released synchronized with it:
// that is progress (ThreadState::newWork), a lock it released itself is not.
void syncedWith(const SyncObj &O, Tid T) {
  if (O.last_release != kNoTid && O.last_release != T && T < rt.num_threads)
    rt.threads[T]->newWork();
}

void acquired(const void *Obj, Tid T, MutexType Type, bool Robust = false) {
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

void released(const void *Obj, Tid T) {
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
bool timedYield(bool WouldBlock) { return WouldBlock && !virtualTime(); }

// The timed event of T ended without what it waited for.
int timedOutAfterWait(ThreadState *T, int Err) {
  if (virtualTime())
    noteNoProgress(T);
  return Err;
}

// lock / timedlock / clocklock. Timed forms are enabled once the mutex is
// free or their deadline has passed (time.h); picked while the mutex is
// held, they time out.
int lockMutex(pthread_mutex_t *M, clockid_t Clock, const timespec *Abs,
              bool Timed, const void *Pc) {
  ThreadState *T = controlledThread();
  if (!T)
    return -1;
  Event &E = interceptEvent(T, EventKind::MutexLock, M, Pc);
  if (Timed)
    setDeadline(T, Clock, Abs);
  E.is_yield = Timed && timedYield(heldByOther(M, T->tid));
  schedule(T);
  T->timed = false;
  if (Timed && heldByOther(M, T->tid))
    return timedOutAfterWait(T, ETIMEDOUT);
  T->mode = Mode::InRuntime;
  int R = SCHEDSAN_REAL(pthread_mutex_lock)(M);
  if (R == 0 || R == EOWNERDEAD)
    acquired(M, T->tid, mutexType(M), mutexRobust(M));
  T->mode = Mode::Controlled;
  return R;
}

struct WaitResult {
  bool Intercepted;
  int Value;
};

// Condition wait: (1) release the mutex and start waiting, (2) reacquire
// once signaled (or, for timed waits, whenever picked: unsignaled means it
// timed out).
WaitResult condWait(pthread_cond_t *C, pthread_mutex_t *M, clockid_t Clock,
                    const timespec *Abs, bool Timed, const void *Pc) {
  ThreadState *T = controlledThread();
  if (!T)
    return {false, 0};
  interceptEvent(T, EventKind::CondWait, C, Pc);
  schedule(T);
  T->mode = Mode::InRuntime;
  MutexType Type = mutexType(M);
  SyncObj &O = syncObj(addr(M));
  uint32_t Recursion = O.recursion;
  O.owner = kNoTid;
  O.recursion = 0;
  for (uint32_t I = 0; I < (Recursion ? Recursion : 1); ++I)
    SCHEDSAN_REAL(pthread_mutex_unlock)(M);
  T->mode = Mode::Controlled;

  Event &E = interceptEvent(T, EventKind::MutexLock, M, Pc);
  T->wait_cond = addr(C);
  T->signaled = false;
  if (Timed)
    setDeadline(T, Clock, Abs);
  E.is_yield = Timed && timedYield(true);
  schedule(T);
  const bool Signaled = T->signaled;
  T->wait_cond = 0;
  T->signaled = false;
  T->timed = false;
  T->mode = Mode::InRuntime;
  for (uint32_t I = 0; I < (Recursion ? Recursion : 1); ++I) {
    SCHEDSAN_REAL(pthread_mutex_lock)(M);
    acquired(M, T->tid, Type);
  }
  T->mode = Mode::Controlled;
  if (Signaled)
    T->newWork(); // another thread signaled
  actOnCancel(T); // with the mutex held again, as POSIX says
  if (Signaled || !Timed)
    return {true, 0};
  return {true, timedOutAfterWait(T, ETIMEDOUT)};
}

// Wakes one (or every) unsignaled waiter of C; which one is a choice.
bool condWake(pthread_cond_t *C, bool All, const void *Pc) {
  ThreadState *T = controlledThread();
  if (!T)
    return false;
  interceptEvent(T, All ? EventKind::CondBroadcast : EventKind::CondSignal, C,
                 Pc);
  schedule(T);
  ThreadState *Waiters[64]; // the first 64 waiters, in tid order
  uint32_t N = 0;
  for (unsigned I = 0; I != rt.num_live; ++I) {
    ThreadState *W = rt.live[I];
    if (W->wait_cond != addr(C) || W->signaled)
      continue;
    if (All) {
      W->signaled = true;
      continue;
    }
    if (N < 64)
      Waiters[N++] = W;
  }
  if (!All && N)
    Waiters[scheduleChoice(N)]->signaled = true;
  return true;
}

// Try: a try-form (Abs null) or a timed form (deadline Abs on Clock).
bool rwLock(pthread_rwlock_t *L, bool Write, bool Try, clockid_t Clock,
            const timespec *Abs, const void *Pc, int *Result) {
  ThreadState *T = controlledThread();
  if (!T)
    return false;
  Event &E = interceptEvent(
      T, Write ? EventKind::RwLockWrite : EventKind::RwLockRead, L, Pc);
  E.is_write = Write;
  if (Try)
    setDeadline(T, Clock, Abs);
  auto WouldBlock = [&] {
    SyncObj &Now = syncObj(addr(L));
    return Now.owner != kNoTid || (Write && Now.readers);
  };
  E.is_yield = Try && (Abs ? timedYield(WouldBlock()) : WouldBlock());
  schedule(T);
  T->timed = false;
  if (Try && WouldBlock()) {
    *Result = Abs ? timedOutAfterWait(T, ETIMEDOUT) : EBUSY;
    return true;
  }
  T->mode = Mode::InRuntime;
  *Result = Write ? SCHEDSAN_REAL(pthread_rwlock_wrlock)(L)
                  : SCHEDSAN_REAL(pthread_rwlock_rdlock)(L);
  if (*Result == 0) {
    SyncObj &Now = syncObj(addr(L));
    syncedWith(Now, T->tid);
    if (Write)
      Now.owner = T->tid;
    else
      ++Now.readers;
  }
  T->mode = Mode::Controlled;
  return true;
}

// sem_wait / trywait (Abs null) / timedwait: returns -1 when not
// intercepted.
int semWait(sem_t *S, bool Try, clockid_t Clock, const timespec *Abs,
            const void *Pc, bool *Failed) {
  ThreadState *T = controlledThread();
  if (!T)
    return -1;
  Event &E = interceptEvent(T, EventKind::SemWait, S, Pc);
  if (Try)
    setDeadline(T, Clock, Abs);
  int V = 0;
  sem_getvalue(S, &V);
  E.is_yield = Try && (Abs ? timedYield(V <= 0) : V <= 0);
  schedule(T);
  T->timed = false;
  actOnCancel(T);
  sem_getvalue(S, &V);
  *Failed = V <= 0;
  if (*Failed) {
    if (Abs)
      timedOutAfterWait(T, 0);
    return 0;
  }
  T->mode = Mode::InRuntime;
  int R = SCHEDSAN_REAL(sem_wait)(S);
  T->mode = Mode::Controlled;
  *Failed = R != 0;
  if (!*Failed)
    syncedWith(syncObj(addr(S)), T->tid);
  return 0;
}

} // namespace

extern "C" {

int pthread_mutex_init(pthread_mutex_t *M,
                       const pthread_mutexattr_t *A) __THROW {
  if (rt.initialized && rt.active && cur_thread)
    syncForget(addr(M));
  return SCHEDSAN_REAL(pthread_mutex_init)(M, A);
}

int pthread_mutex_destroy(pthread_mutex_t *M) __THROW {
  int R = SCHEDSAN_REAL(pthread_mutex_destroy)(M);
  // A locked mutex is not destroyed (EBUSY): keep knowing its owner.
  if (R == 0 && rt.initialized && rt.active && cur_thread)
    syncForget(addr(M));
  return R;
}

int pthread_mutex_lock(pthread_mutex_t *M) __THROWNL {
  int R = lockMutex(M, CLOCK_REALTIME, nullptr, false, SCHEDSAN_PC());
  return R >= 0 ? R : SCHEDSAN_REAL(pthread_mutex_lock)(M);
}

int pthread_mutex_timedlock(pthread_mutex_t *M,
                            const struct timespec *Abstime) __THROWNL {
  int R = lockMutex(M, CLOCK_REALTIME, Abstime, true, SCHEDSAN_PC());
  return R >= 0 ? R : SCHEDSAN_REAL(pthread_mutex_timedlock)(M, Abstime);
}

int pthread_mutex_clocklock(pthread_mutex_t *M, clockid_t Clock,
                            const struct timespec *Abstime) __THROWNL {
  int R = lockMutex(M, Clock, Abstime, true, SCHEDSAN_PC());
  return R >= 0 ? R
                : SCHEDSAN_REAL(pthread_mutex_clocklock)(M, Clock, Abstime);
}

int pthread_mutex_trylock(pthread_mutex_t *M) __THROWNL {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(pthread_mutex_trylock)(M);
  Event &E = interceptEvent(T, EventKind::MutexTryLock, M, SCHEDSAN_PC());
  E.is_yield = heldByOther(M, T->tid);
  schedule(T);
  T->mode = Mode::InRuntime;
  int R = SCHEDSAN_REAL(pthread_mutex_trylock)(M);
  if (R == 0 || R == EOWNERDEAD)
    acquired(M, T->tid, mutexType(M), mutexRobust(M));
  T->mode = Mode::Controlled;
  return R;
}

int pthread_mutex_unlock(pthread_mutex_t *M) __THROWNL {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(pthread_mutex_unlock)(M);
  interceptEvent(T, EventKind::MutexUnlock, M, SCHEDSAN_PC());
  schedule(T);
  T->mode = Mode::InRuntime;
  int R = SCHEDSAN_REAL(pthread_mutex_unlock)(M);
  if (R == 0)
    released(M, T->tid);
  T->mode = Mode::Controlled;
  return R;
}

int pthread_cond_wait(pthread_cond_t *C, pthread_mutex_t *M) {
  WaitResult W = condWait(C, M, CLOCK_REALTIME, nullptr, false, SCHEDSAN_PC());
  return W.Intercepted ? W.Value : SCHEDSAN_REAL(pthread_cond_wait)(C, M);
}

int pthread_cond_timedwait(pthread_cond_t *C, pthread_mutex_t *M,
                           const struct timespec *Abstime) {
  // The condition's clock (pthread_condattr_setclock) is in the object;
  // glibc keeps it in bit 1 of __wrefs (1: MONOTONIC).
  clockid_t Clock =
      (C->__data.__wrefs >> 1) & 1 ? CLOCK_MONOTONIC : CLOCK_REALTIME;
  WaitResult W = condWait(C, M, Clock, Abstime, true, SCHEDSAN_PC());
  return W.Intercepted ? W.Value
                       : SCHEDSAN_REAL(pthread_cond_timedwait)(C, M, Abstime);
}

int pthread_cond_clockwait(pthread_cond_t *C, pthread_mutex_t *M,
                           clockid_t Clock, const struct timespec *Abstime) {
  WaitResult W = condWait(C, M, Clock, Abstime, true, SCHEDSAN_PC());
  return W.Intercepted
             ? W.Value
             : SCHEDSAN_REAL(pthread_cond_clockwait)(C, M, Clock, Abstime);
}

int pthread_cond_signal(pthread_cond_t *C) __THROWNL {
  condWake(C, false, SCHEDSAN_PC());
  return SCHEDSAN_REAL(pthread_cond_signal)(C);
}

int pthread_cond_broadcast(pthread_cond_t *C) __THROWNL {
  condWake(C, true, SCHEDSAN_PC());
  return SCHEDSAN_REAL(pthread_cond_broadcast)(C);
}

int pthread_rwlock_rdlock(pthread_rwlock_t *L) __THROWNL {
  int R;
  return rwLock(L, false, false, CLOCK_REALTIME, nullptr, SCHEDSAN_PC(), &R)
             ? R
             : SCHEDSAN_REAL(pthread_rwlock_rdlock)(L);
}

int pthread_rwlock_wrlock(pthread_rwlock_t *L) __THROWNL {
  int R;
  return rwLock(L, true, false, CLOCK_REALTIME, nullptr, SCHEDSAN_PC(), &R)
             ? R
             : SCHEDSAN_REAL(pthread_rwlock_wrlock)(L);
}

int pthread_rwlock_tryrdlock(pthread_rwlock_t *L) __THROWNL {
  int R = EBUSY;
  if (!rwLock(L, false, true, CLOCK_REALTIME, nullptr, SCHEDSAN_PC(), &R))
    return SCHEDSAN_REAL(pthread_rwlock_tryrdlock)(L);
  return R;
}

int pthread_rwlock_trywrlock(pthread_rwlock_t *L) __THROWNL {
  int R = EBUSY;
  if (!rwLock(L, true, true, CLOCK_REALTIME, nullptr, SCHEDSAN_PC(), &R))
    return SCHEDSAN_REAL(pthread_rwlock_trywrlock)(L);
  return R;
}

int pthread_rwlock_timedrdlock(pthread_rwlock_t *L,
                               const struct timespec *Abstime) __THROWNL {
  int R = EBUSY;
  if (!rwLock(L, false, true, CLOCK_REALTIME, Abstime, SCHEDSAN_PC(), &R))
    return SCHEDSAN_REAL(pthread_rwlock_timedrdlock)(L, Abstime);
  return R == EBUSY ? ETIMEDOUT : R;
}

int pthread_rwlock_timedwrlock(pthread_rwlock_t *L,
                               const struct timespec *Abstime) __THROWNL {
  int R = EBUSY;
  if (!rwLock(L, true, true, CLOCK_REALTIME, Abstime, SCHEDSAN_PC(), &R))
    return SCHEDSAN_REAL(pthread_rwlock_timedwrlock)(L, Abstime);
  return R == EBUSY ? ETIMEDOUT : R;
}

int pthread_rwlock_unlock(pthread_rwlock_t *L) __THROWNL {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(pthread_rwlock_unlock)(L);
  interceptEvent(T, EventKind::RwLockUnlock, L, SCHEDSAN_PC());
  schedule(T);
  T->mode = Mode::InRuntime;
  int R = SCHEDSAN_REAL(pthread_rwlock_unlock)(L);
  SyncObj &O = syncObj(addr(L));
  O.last_release = T->tid;
  if (O.owner == T->tid)
    O.owner = kNoTid;
  else if (O.readers)
    --O.readers;
  T->mode = Mode::Controlled;
  return R;
}

int pthread_rwlock_destroy(pthread_rwlock_t *L) __THROW {
  int R = SCHEDSAN_REAL(pthread_rwlock_destroy)(L);
  if (R == 0 && rt.initialized && rt.active && cur_thread)
    syncForget(addr(L));
  return R;
}

int pthread_spin_lock(pthread_spinlock_t *L) __THROWNL {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(pthread_spin_lock)(L);
  interceptEvent(T, EventKind::MutexLock, (const void *)L, SCHEDSAN_PC());
  schedule(T);
  T->mode = Mode::InRuntime;
  int R = SCHEDSAN_REAL(pthread_spin_lock)(L);
  acquired((const void *)L, T->tid, MutexType::Normal);
  T->mode = Mode::Controlled;
  return R;
}

int pthread_spin_trylock(pthread_spinlock_t *L) __THROWNL {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(pthread_spin_trylock)(L);
  Event &E =
      interceptEvent(T, EventKind::MutexTryLock, (const void *)L, SCHEDSAN_PC());
  E.is_yield = heldByOther((const void *)L, T->tid);
  schedule(T);
  T->mode = Mode::InRuntime;
  int R = SCHEDSAN_REAL(pthread_spin_trylock)(L);
  if (R == 0)
    acquired((const void *)L, T->tid, MutexType::Normal);
  T->mode = Mode::Controlled;
  return R;
}

int pthread_spin_unlock(pthread_spinlock_t *L) __THROWNL {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(pthread_spin_unlock)(L);
  interceptEvent(T, EventKind::MutexUnlock, (const void *)L, SCHEDSAN_PC());
  schedule(T);
  T->mode = Mode::InRuntime;
  int R = SCHEDSAN_REAL(pthread_spin_unlock)(L);
  released((const void *)L, T->tid);
  T->mode = Mode::Controlled;
  return R;
}

int pthread_barrier_init(pthread_barrier_t *B, const pthread_barrierattr_t *A,
                         unsigned Count) __THROW {
  if (controlledThread()) {
    syncForget(addr(B));
    syncObj(addr(B)).barrier_count = Count;
  }
  return SCHEDSAN_REAL(pthread_barrier_init)(B, A, Count);
}

int pthread_barrier_wait(pthread_barrier_t *B) __THROWNL {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(pthread_barrier_wait)(B);
  interceptEvent(T, EventKind::BarrierWait, B, SCHEDSAN_PC());
  T->barrier_gen = 0; // arriving
  schedule(T);
  // The wait happens in the model only: tell ThreadSanitizer, if linked,
  // that leaving the barrier happens after every arrival.
  if (__tsan_release)
    __tsan_release(B);
  SyncObj &O = syncObj(addr(B));
  if (++O.barrier_arrived >= O.barrier_count) {
    O.barrier_arrived = 0;
    ++O.barrier_gen;
    if (__tsan_acquire)
      __tsan_acquire(B);
    return PTHREAD_BARRIER_SERIAL_THREAD;
  }
  T->barrier_gen = O.barrier_gen + 1; // waits until barrier_gen moves on
  interceptEvent(T, EventKind::BarrierWait, B, SCHEDSAN_PC());
  schedule(T);
  T->barrier_gen = 0;
  T->newWork(); // the others arrived
  if (__tsan_acquire)
    __tsan_acquire(B);
  return 0;
}

int pthread_barrier_destroy(pthread_barrier_t *B) __THROW {
  if (rt.initialized && rt.active && cur_thread)
    syncForget(addr(B));
  return SCHEDSAN_REAL(pthread_barrier_destroy)(B);
}

int pthread_once(pthread_once_t *Once, void (*Init)()) {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(pthread_once)(Once, Init);
  interceptEvent(T, EventKind::Once, Once, SCHEDSAN_PC());
  schedule(T);
  SyncObj &O = syncObj(addr(Once));
  if (O.once_state == 2)
    return 0;
  O.once_state = 1;
  O.once_runner = T->tid;
  int R = SCHEDSAN_REAL(pthread_once)(Once, Init);
  SyncObj &Done = syncObj(addr(Once)); // the table may have grown
  Done.once_state = 2;
  Done.once_runner = kNoTid;
  return R;
}

int sem_wait(sem_t *S) {
  bool Failed = false;
  if (semWait(S, false, CLOCK_REALTIME, nullptr, SCHEDSAN_PC(), &Failed) < 0)
    return SCHEDSAN_REAL(sem_wait)(S);
  return 0;
}

int sem_trywait(sem_t *S) __THROWNL {
  bool Failed = false;
  if (semWait(S, true, CLOCK_REALTIME, nullptr, SCHEDSAN_PC(), &Failed) < 0)
    return SCHEDSAN_REAL(sem_trywait)(S);
  if (Failed) {
    errno = EAGAIN;
    return -1;
  }
  return 0;
}

static int semTimedWait(sem_t *S, clockid_t Clock,
                        const struct timespec *Abstime, const void *Pc) {
  bool Failed = false;
  if (semWait(S, true, Clock, Abstime, Pc, &Failed) < 0)
    return SCHEDSAN_REAL(sem_timedwait)(S, Abstime);
  if (Failed) {
    errno = ETIMEDOUT;
    return -1;
  }
  return 0;
}

int sem_timedwait(sem_t *S, const struct timespec *Abstime) {
  return semTimedWait(S, CLOCK_REALTIME, Abstime, SCHEDSAN_PC());
}

int sem_clockwait(sem_t *S, clockid_t Clock, const struct timespec *Abstime) {
  return semTimedWait(S, Clock, Abstime, SCHEDSAN_PC());
}

int sem_post(sem_t *S) __THROWNL {
  ThreadState *T = controlledThread();
  if (T) {
    interceptEvent(T, EventKind::SemPost, S, SCHEDSAN_PC());
    schedule(T);
    syncObj(addr(S)).last_release = T->tid;
  }
  return SCHEDSAN_REAL(sem_post)(S);
}

int sem_destroy(sem_t *S) __THROW {
  return SCHEDSAN_REAL(sem_destroy)(S);
}

} // extern "C"
