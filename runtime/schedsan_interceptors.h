//===- schedsan_interceptors.h - What every interceptor does ----*- C++ -*-===//
//
// FILE:
//    runtime/schedsan_interceptors.h
//
// DESCRIPTION:
//    Each interceptor (schedsan_interceptors.inc names them all) is pre-hook
//    (publish the event, wait to be scheduled), real call
//    (SCHEDSAN_REAL(Name): schedsan_interception.h), post-hook (update the
//    model). Definitions repeat glibc's exception specifications (__THROW)
//    so they match <pthread.h>'s declarations.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_INTERCEPTORS_H
#define SCHEDSAN_INTERCEPTORS_H

#include "schedsan_interception.h"
#include "schedsan_rtl.h"

namespace schedsan {

// The calling thread if the runtime controls it now, else null (the call
// then goes straight to the real function).
inline ThreadState *controlledThread() {
  if (__builtin_expect(!rt.initialized, 0))
    ensureInit();
  ThreadState *T = cur_thread;
  if (!T || !rt.active || T->mode == Mode::InRuntime ||
      T->mode == Mode::Uncontrolled)
    return nullptr;
  return T;
}

// Publishes an interceptor's event (located by the caller's PC).
inline Event &interceptEvent(ThreadState *T, EventKind K, const void *Obj,
                             const void *Pc) {
  Event &E = setPending(T, K, reinterpret_cast<uintptr_t>(Obj), 1, true);
  T->pc = Pc;
  return E;
}

// At a cancellation point that T reached (and was picked at): if a cancel
// is pending, T acts on it now (pthread_testcancel: cleanup handlers, then
// the thread ends as by pthread_exit). Does not return then.
void actOnCancel(ThreadState *T);

// A non-thread choice in [0, N), recorded in the schedule.
uint32_t scheduleChoice(uint32_t N);

// The process is ending (exit, return from main): a scheduling point first,
// so other threads may run before exit handlers do (PCT's final wait).
void processExitPoint(ThreadState *T, const void *Pc);

} // namespace schedsan

#define SCHEDSAN_PC() __builtin_return_address(0)

#endif // SCHEDSAN_INTERCEPTORS_H
