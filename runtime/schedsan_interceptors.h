//===- schedsan_interceptors.h - Interception plumbing ----------*- C++ -*-===//
//
// FILE:
//    runtime/schedsan_interceptors.h
//
// DESCRIPTION:
//    Interception by symbol interposition: the runtime is linked into the
//    executable (whole archive, exported through a dynamic list), so its
//    definitions of pthread_mutex_lock & co. come before libc's for every
//    caller, libstdc++ included. Each interceptor is pre-hook (publish the
//    event, wait to be scheduled), real call, post-hook (update the model).
//    The real function is found once with dlsym(RTLD_NEXT), or dlvsym where
//    glibc keeps several versions (pthread_cond_* at GLIBC_2.3.2).
//    Definitions repeat glibc's exception specifications (__THROW) so they
//    match <pthread.h>'s declarations.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_INTERCEPTORS_H
#define SCHEDSAN_INTERCEPTORS_H

#include "schedsan_init.h"
#include "schedsan_rtl.h"

#include <pthread.h>

namespace schedsan {

void *resolveReal(const char *Name, const char *Version);

#define SCHEDSAN_REAL(Name) real_##Name
#define SCHEDSAN_DECLARE_REAL(Name) static decltype(&::Name) real_##Name;
#define SCHEDSAN_RESOLVE(Name, Version)                                        \
  real_##Name = reinterpret_cast<decltype(&::Name)>(resolveReal(#Name, Version))

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


// The process is ending (exit, return from main): a scheduling point first,
// so other threads may run before exit handlers do (PCT's final wait).
void processExitPoint(ThreadState *T, const void *Pc);

// Finds every real function (once per process, at start).
void initInterceptors();
// The C library's pthread_create and pthread_join, past the interceptors:
// for the runtime's own threads, which no strategy sees.
int realPthreadCreate(pthread_t *Thread, const pthread_attr_t *Attr,
                      void *(*Start)(void *), void *Arg);
int realPthreadJoin(pthread_t Thread, void **Result);
void initThreadInterceptors();
void initSyncInterceptors();

} // namespace schedsan

#define SCHEDSAN_PC() __builtin_return_address(0)

#endif // SCHEDSAN_INTERCEPTORS_H
