//===- schedsan_interceptors_mutex.cpp - Mutexes, rwlocks, spinlocks ------===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors_mutex.cpp
//
// DESCRIPTION:
//    Mutexes (normal, recursive, errorcheck, robust; lock/trylock/timedlock/
//    clocklock/unlock), rwlocks (their timed and clock forms too) and
//    spinlocks. Each lock publishes an event whose enabledness the model in
//    schedsan_sync.cpp decides, so a controlled thread only calls the real lock
//    when it will not block: the real call then takes the lock at once. A try
//    or timed form picked while the lock is held fails without the real call.
//===----------------------------------------------------------------------===//
#include "interceptors/schedsan_interceptors.h"
#include "interceptors/schedsan_interceptors_sync.h"

#include <errno.h>
#include <pthread.h>
#include <time.h>

using namespace schedsan;

namespace {

// lock / timedlock / clocklock. Timed forms are enabled once the mutex is
// free or their deadline has passed (time.h); picked while the mutex is
// held, they time out.
int lockMutex(const InterceptedCall &Call, pthread_mutex_t *M, clockid_t Clock,
              const timespec *Abs, bool Timed) {
  ThreadState *T = Call.thread();
  Event &E = Call.publish(EventKind::MutexLock, M);
  if (Timed)
    setDeadline(T, Clock, Abs);
  E.is_yield = Timed && timedYield(heldByOther(M, T->tid));
  Call.schedule();
  T->timed = false;
  if (Timed && heldByOther(M, T->tid))
    return timedOutAfterWait(T, ETIMEDOUT);
  ScopedRuntimeMode InRuntime(Call);
  int R = SCHEDSAN_REAL(pthread_mutex_lock)(M);
  if (R == 0 || R == EOWNERDEAD)
    acquired(M, T->tid, mutexType(M), mutexRobust(M));
  return R;
}

// rdlock / wrlock; Try: a try form (Abs null) or a timed form (deadline Abs
// on Clock), which fails (EBUSY, ETIMEDOUT) when picked while it would
// block.
int rwLock(const InterceptedCall &Call, pthread_rwlock_t *L, bool Write,
           bool Try, clockid_t Clock, const timespec *Abs) {
  ThreadState *T = Call.thread();
  Event &E =
      Call.publish(Write ? EventKind::RwLockWrite : EventKind::RwLockRead, L);
  E.is_write = Write;
  if (Try)
    setDeadline(T, Clock, Abs);
  auto WouldBlock = [&] {
    SyncObj &Now = syncObj(addr(L));
    return Now.owner != kNoTid || (Write && Now.readers);
  };
  E.is_yield = Try && (Abs ? timedYield(WouldBlock()) : WouldBlock());
  Call.schedule();
  T->timed = false;
  if (Try && WouldBlock())
    return Abs ? timedOutAfterWait(T, ETIMEDOUT) : EBUSY;
  ScopedRuntimeMode InRuntime(Call);
  int R = Write ? SCHEDSAN_REAL(pthread_rwlock_wrlock)(L)
                : SCHEDSAN_REAL(pthread_rwlock_rdlock)(L);
  if (R == 0) {
    SyncObj &Now = syncObj(addr(L));
    syncedWith(Now, T->tid);
    if (Write)
      Now.owner = T->tid;
    else
      ++Now.readers;
  }
  return R;
}

// timedrdlock / timedwrlock / clockrdlock / clockwrlock: a timed rwLock
// that fails with ETIMEDOUT.
int timedRwLock(const InterceptedCall &Call, pthread_rwlock_t *L, bool Write,
                clockid_t Clock, const timespec *Abs) {
  int R = rwLock(Call, L, Write, true, Clock, Abs);
  return R == EBUSY ? ETIMEDOUT : R;
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
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_mutex_lock)(M);
  return lockMutex(Call, M, CLOCK_REALTIME, nullptr, false);
}

int pthread_mutex_timedlock(pthread_mutex_t *M,
                            const struct timespec *Abstime) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_mutex_timedlock)(M, Abstime);
  return lockMutex(Call, M, CLOCK_REALTIME, Abstime, true);
}

int pthread_mutex_clocklock(pthread_mutex_t *M, clockid_t Clock,
                            const struct timespec *Abstime) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_mutex_clocklock)(M, Clock, Abstime);
  return lockMutex(Call, M, Clock, Abstime, true);
}

int pthread_mutex_trylock(pthread_mutex_t *M) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_mutex_trylock)(M);
  Event &E = Call.publish(EventKind::MutexTryLock, M);
  E.is_yield = heldByOther(M, Call.tid());
  Call.schedule();
  ScopedRuntimeMode InRuntime(Call);
  int R = SCHEDSAN_REAL(pthread_mutex_trylock)(M);
  if (R == 0 || R == EOWNERDEAD)
    acquired(M, Call.tid(), mutexType(M), mutexRobust(M));
  return R;
}

int pthread_mutex_unlock(pthread_mutex_t *M) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_mutex_unlock)(M);
  Call.point(EventKind::MutexUnlock, M);
  ScopedRuntimeMode InRuntime(Call);
  int R = SCHEDSAN_REAL(pthread_mutex_unlock)(M);
  if (R == 0)
    released(M, Call.tid());
  return R;
}

int pthread_rwlock_rdlock(pthread_rwlock_t *L) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_rwlock_rdlock)(L);
  return rwLock(Call, L, false, false, CLOCK_REALTIME, nullptr);
}

int pthread_rwlock_wrlock(pthread_rwlock_t *L) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_rwlock_wrlock)(L);
  return rwLock(Call, L, true, false, CLOCK_REALTIME, nullptr);
}

int pthread_rwlock_tryrdlock(pthread_rwlock_t *L) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_rwlock_tryrdlock)(L);
  return rwLock(Call, L, false, true, CLOCK_REALTIME, nullptr);
}

int pthread_rwlock_trywrlock(pthread_rwlock_t *L) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_rwlock_trywrlock)(L);
  return rwLock(Call, L, true, true, CLOCK_REALTIME, nullptr);
}

int pthread_rwlock_timedrdlock(pthread_rwlock_t *L,
                               const struct timespec *Abstime) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_rwlock_timedrdlock)(L, Abstime);
  return timedRwLock(Call, L, false, CLOCK_REALTIME, Abstime);
}

int pthread_rwlock_timedwrlock(pthread_rwlock_t *L,
                               const struct timespec *Abstime) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_rwlock_timedwrlock)(L, Abstime);
  return timedRwLock(Call, L, true, CLOCK_REALTIME, Abstime);
}

int pthread_rwlock_clockrdlock(pthread_rwlock_t *L, clockid_t Clock,
                               const struct timespec *Abstime) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_rwlock_clockrdlock)(L, Clock, Abstime);
  return timedRwLock(Call, L, false, Clock, Abstime);
}

int pthread_rwlock_clockwrlock(pthread_rwlock_t *L, clockid_t Clock,
                               const struct timespec *Abstime) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_rwlock_clockwrlock)(L, Clock, Abstime);
  return timedRwLock(Call, L, true, Clock, Abstime);
}

int pthread_rwlock_unlock(pthread_rwlock_t *L) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_rwlock_unlock)(L);
  Call.point(EventKind::RwLockUnlock, L);
  ScopedRuntimeMode InRuntime(Call);
  int R = SCHEDSAN_REAL(pthread_rwlock_unlock)(L);
  SyncObj &O = syncObj(addr(L));
  O.last_release = Call.tid();
  if (O.owner == Call.tid())
    O.owner = kNoTid;
  else if (O.readers)
    --O.readers;
  return R;
}

int pthread_rwlock_destroy(pthread_rwlock_t *L) __THROW {
  int R = SCHEDSAN_REAL(pthread_rwlock_destroy)(L);
  if (R == 0 && rt.initialized && rt.active && cur_thread)
    syncForget(addr(L));
  return R;
}

int pthread_spin_lock(pthread_spinlock_t *L) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_spin_lock)(L);
  Call.point(EventKind::MutexLock, (const void *)L);
  ScopedRuntimeMode InRuntime(Call);
  int R = SCHEDSAN_REAL(pthread_spin_lock)(L);
  acquired((const void *)L, Call.tid(), MutexType::Normal);
  return R;
}

int pthread_spin_trylock(pthread_spinlock_t *L) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_spin_trylock)(L);
  Event &E = Call.publish(EventKind::MutexTryLock, (const void *)L);
  E.is_yield = heldByOther((const void *)L, Call.tid());
  Call.schedule();
  ScopedRuntimeMode InRuntime(Call);
  int R = SCHEDSAN_REAL(pthread_spin_trylock)(L);
  if (R == 0)
    acquired((const void *)L, Call.tid(), MutexType::Normal);
  return R;
}

int pthread_spin_unlock(pthread_spinlock_t *L) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_spin_unlock)(L);
  Call.point(EventKind::MutexUnlock, (const void *)L);
  ScopedRuntimeMode InRuntime(Call);
  int R = SCHEDSAN_REAL(pthread_spin_unlock)(L);
  released((const void *)L, Call.tid());
  return R;
}

} // extern "C"
