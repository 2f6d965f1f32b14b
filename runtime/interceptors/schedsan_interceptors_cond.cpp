//===- schedsan_interceptors_cond.cpp - Conditions, barriers, semaphores --===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors_cond.cpp
//
// DESCRIPTION:
//    Condition variables (wait/timedwait/clockwait/signal/broadcast),
//    barriers, pthread_once and POSIX semaphores. Condition waits and
//    barriers are performed entirely in the model (the real wait would
//    sleep in the kernel); which waiter a signal wakes is a recorded
//    scheduler choice, and there are no spurious wake-ups. Signals and
//    broadcasts are also passed to the real object, for uncontrolled
//    waiters. pthread_once runs the initializer under control, with the
//    other callers blocked in the model until it is done; a semaphore wait
//    calls the real sem_wait once the model says it will not block.
//===----------------------------------------------------------------------===//
#include "interceptors/schedsan_interceptors.h"
#include "interceptors/schedsan_interceptors_sync.h"

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

// Condition wait: (1) release the mutex and start waiting, (2) reacquire
// once signaled (or, for timed waits, whenever picked: unsignaled means it
// timed out).
int condWait(const InterceptedCall &Call, pthread_cond_t *C, pthread_mutex_t *M,
             clockid_t Clock, const timespec *Abs, bool Timed) {
  ThreadState *T = Call.thread();
  Call.point(EventKind::CondWait, C);
  MutexType Type;
  uint32_t Recursion;
  {
    ScopedRuntimeMode InRuntime(Call);
    Type = mutexType(M);
    SyncObj &O = syncObj(addr(M));
    Recursion = O.recursion;
    O.owner = kNoTid;
    O.recursion = 0;
    for (uint32_t I = 0; I < (Recursion ? Recursion : 1); ++I)
      SCHEDSAN_REAL(pthread_mutex_unlock)(M);
  }

  Event &E = Call.publish(EventKind::MutexLock, M);
  T->wait_cond = addr(C);
  T->signaled = false;
  if (Timed)
    setDeadline(T, Clock, Abs);
  E.is_yield = Timed && timedYield(true);
  Call.schedule();
  const bool Signaled = T->signaled;
  T->wait_cond = 0;
  T->signaled = false;
  T->timed = false;
  {
    ScopedRuntimeMode InRuntime(Call);
    for (uint32_t I = 0; I < (Recursion ? Recursion : 1); ++I) {
      SCHEDSAN_REAL(pthread_mutex_lock)(M);
      acquired(M, T->tid, Type);
    }
  }
  if (Signaled)
    T->newWork(); // another thread signaled
  actOnCancel(T); // with the mutex held again, as POSIX says
  if (Signaled || !Timed)
    return 0;
  return timedOutAfterWait(T, ETIMEDOUT);
}

// Wakes one (or every) unsignaled waiter of C; which one is a choice.
void condWake(const InterceptedCall &Call, pthread_cond_t *C, bool All) {
  Call.point(All ? EventKind::CondBroadcast : EventKind::CondSignal, C);
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
}

// sem_wait / trywait (Try, Abs null) / timedwait (Try, deadline Abs on
// Clock): whether it took the semaphore. A try or timed form picked while
// the value is 0 fails.
bool semWait(const InterceptedCall &Call, sem_t *S, bool Try, clockid_t Clock,
             const timespec *Abs) {
  ThreadState *T = Call.thread();
  Event &E = Call.publish(EventKind::SemWait, S);
  if (Try)
    setDeadline(T, Clock, Abs);
  int V = 0;
  sem_getvalue(S, &V);
  E.is_yield = Try && (Abs ? timedYield(V <= 0) : V <= 0);
  Call.schedule();
  T->timed = false;
  actOnCancel(T);
  sem_getvalue(S, &V);
  if (V <= 0) {
    if (Abs)
      timedOutAfterWait(T, 0);
    return false;
  }
  int R;
  {
    ScopedRuntimeMode InRuntime(Call);
    R = SCHEDSAN_REAL(sem_wait)(S);
  }
  if (R != 0)
    return false;
  syncedWith(syncObj(addr(S)), T->tid);
  return true;
}

int semTimedWait(const InterceptedCall &Call, sem_t *S, clockid_t Clock,
                 const struct timespec *Abstime) {
  if (!semWait(Call, S, true, Clock, Abstime)) {
    errno = ETIMEDOUT;
    return -1;
  }
  return 0;
}

} // namespace

extern "C" {

int pthread_cond_wait(pthread_cond_t *C, pthread_mutex_t *M) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_cond_wait)(C, M);
  return condWait(Call, C, M, CLOCK_REALTIME, nullptr, false);
}

int pthread_cond_timedwait(pthread_cond_t *C, pthread_mutex_t *M,
                           const struct timespec *Abstime) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_cond_timedwait)(C, M, Abstime);
  // The condition's clock (pthread_condattr_setclock) is in the object;
  // glibc keeps it in bit 1 of __wrefs (1: MONOTONIC).
  clockid_t Clock =
      (C->__data.__wrefs >> 1) & 1 ? CLOCK_MONOTONIC : CLOCK_REALTIME;
  return condWait(Call, C, M, Clock, Abstime, true);
}

int pthread_cond_clockwait(pthread_cond_t *C, pthread_mutex_t *M,
                           clockid_t Clock, const struct timespec *Abstime) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_cond_clockwait)(C, M, Clock, Abstime);
  return condWait(Call, C, M, Clock, Abstime, true);
}

int pthread_cond_signal(pthread_cond_t *C) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (Call)
    condWake(Call, C, false);
  return SCHEDSAN_REAL(pthread_cond_signal)(C);
}

int pthread_cond_broadcast(pthread_cond_t *C) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (Call)
    condWake(Call, C, true);
  return SCHEDSAN_REAL(pthread_cond_broadcast)(C);
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
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_barrier_wait)(B);
  ThreadState *T = Call.thread();
  Call.publish(EventKind::BarrierWait, B);
  T->barrier_gen = 0; // arriving
  Call.schedule();
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
  Call.point(EventKind::BarrierWait, B);
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
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_once)(Once, Init);
  Call.point(EventKind::Once, Once);
  // The real once decides whether Init runs: a once word back at
  // PTHREAD_ONCE_INIT (a new pthread_once_t where a finished one was, or
  // one whose Init threw) runs it again. The model only records who runs
  // it, for the others' enabling (isEnabled: while the word says so).
  SyncObj &O = syncObj(addr(Once));
  O.once_state = 1;
  O.once_runner = Call.tid();
  int R = SCHEDSAN_REAL(pthread_once)(Once, Init); // Init runs under control
  SyncObj &Done = syncObj(addr(Once));             // the table may have grown
  Done.once_state = 2;
  Done.once_runner = kNoTid;
  return R;
}

int sem_wait(sem_t *S) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(sem_wait)(S);
  semWait(Call, S, false, CLOCK_REALTIME, nullptr);
  return 0;
}

int sem_trywait(sem_t *S) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(sem_trywait)(S);
  if (!semWait(Call, S, true, CLOCK_REALTIME, nullptr)) {
    errno = EAGAIN;
    return -1;
  }
  return 0;
}

int sem_timedwait(sem_t *S, const struct timespec *Abstime) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(sem_timedwait)(S, Abstime);
  return semTimedWait(Call, S, CLOCK_REALTIME, Abstime);
}

int sem_clockwait(sem_t *S, clockid_t Clock, const struct timespec *Abstime) {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(sem_clockwait)(S, Clock, Abstime);
  return semTimedWait(Call, S, Clock, Abstime);
}

int sem_post(sem_t *S) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (Call) {
    Call.point(EventKind::SemPost, S);
    syncObj(addr(S)).last_release = Call.tid();
  }
  return SCHEDSAN_REAL(sem_post)(S);
}

int sem_destroy(sem_t *S) __THROW { return SCHEDSAN_REAL(sem_destroy)(S); }

} // extern "C"
