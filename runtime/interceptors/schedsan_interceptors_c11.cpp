//===- schedsan_interceptors_c11.cpp - C11 <threads.h> --------------------===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors_c11.cpp
//
// DESCRIPTION:
//    C11's threads (glibc 2.34 and later): glibc's thrd_create, mtx_lock,
//    cnd_wait and the rest call its pthread functions inside libc, past the
//    interceptors, so a program of C11 threads ran uncontrolled (its runs
//    showed one thread and found none of its races). Each is defined here
//    on top of the pthread interceptors, as glibc defines it on top of its
//    own: mtx_t, cnd_t and once_flag are glibc's pthread_mutex_t,
//    pthread_cond_t and pthread_once_t in size and layout, and a C11
//    thread's int result travels as its pthread result.
//
//    They are weak and exported (schedsan_rt.syms.in), as the interceptors
//    are; they need no real function of their own, so a C library without
//    C11 threads loses nothing.
//===----------------------------------------------------------------------===//
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <threads.h>
#include <time.h>

static_assert(sizeof(mtx_t) == sizeof(pthread_mutex_t), "glibc's layout");
static_assert(sizeof(cnd_t) == sizeof(pthread_cond_t), "glibc's layout");
static_assert(sizeof(once_flag) == sizeof(pthread_once_t), "glibc's layout");
static_assert(sizeof(thrd_t) == sizeof(pthread_t), "glibc's layout");

namespace {

// A pthread error number as a C11 result, as glibc maps it (EAGAIN from
// pthread_create too is thrd_error).
int c11Result(int Err) {
  switch (Err) {
  case 0:
    return thrd_success;
  case EBUSY:
    return thrd_busy;
  case ETIMEDOUT:
    return thrd_timedout;
  case ENOMEM:
    return thrd_nomem;
  default:
    return thrd_error;
  }
}

pthread_mutex_t *asMutex(mtx_t *M) {
  return reinterpret_cast<pthread_mutex_t *>(M);
}
pthread_cond_t *asCond(cnd_t *C) {
  return reinterpret_cast<pthread_cond_t *>(C);
}

struct C11Start {
  thrd_start_t Func;
  void *Arg;
};

void *startC11(void *P) {
  const C11Start S = *static_cast<C11Start *>(P);
  free(P);
  return reinterpret_cast<void *>(static_cast<intptr_t>(S.Func(S.Arg)));
}

} // namespace

#define SCHEDSAN_C11 extern "C" __attribute__((weak, visibility("default")))

SCHEDSAN_C11 int thrd_create(thrd_t *Thread, thrd_start_t Func, void *Arg) {
  auto *S = static_cast<C11Start *>(malloc(sizeof(C11Start)));
  if (!S)
    return thrd_nomem;
  *S = {Func, Arg};
  const int Err = pthread_create(Thread, nullptr, startC11, S);
  if (Err)
    free(S);
  return c11Result(Err);
}

SCHEDSAN_C11 int thrd_join(thrd_t Thread, int *Result) {
  void *R = nullptr;
  const int Err = pthread_join(Thread, &R);
  if (!Err && Result)
    *Result = static_cast<int>(reinterpret_cast<intptr_t>(R));
  return c11Result(Err);
}

SCHEDSAN_C11 int thrd_detach(thrd_t Thread) {
  return c11Result(pthread_detach(Thread));
}

SCHEDSAN_C11 void thrd_exit(int Result) {
  pthread_exit(reinterpret_cast<void *>(static_cast<intptr_t>(Result)));
}

SCHEDSAN_C11 int thrd_sleep(const struct timespec *Duration,
                            struct timespec *Remaining) {
  if (nanosleep(Duration, Remaining) == 0)
    return 0;
  return errno == EINTR ? -1 : -2; // C11: -1 interrupted, other negative: error
}

SCHEDSAN_C11 void thrd_yield(void) { sched_yield(); }

SCHEDSAN_C11 int mtx_init(mtx_t *M, int Type) {
  pthread_mutexattr_t Attr;
  pthread_mutexattr_init(&Attr);
  pthread_mutexattr_settype(&Attr, Type & mtx_recursive
                                       ? PTHREAD_MUTEX_RECURSIVE
                                       : PTHREAD_MUTEX_NORMAL);
  const int Err = pthread_mutex_init(asMutex(M), &Attr);
  pthread_mutexattr_destroy(&Attr);
  return c11Result(Err);
}

SCHEDSAN_C11 int mtx_lock(mtx_t *M) {
  return c11Result(pthread_mutex_lock(asMutex(M)));
}

SCHEDSAN_C11 int mtx_trylock(mtx_t *M) {
  return c11Result(pthread_mutex_trylock(asMutex(M)));
}

SCHEDSAN_C11 int mtx_timedlock(mtx_t *__restrict M,
                               const struct timespec *__restrict At) {
  return c11Result(pthread_mutex_timedlock(asMutex(M), At));
}

SCHEDSAN_C11 int mtx_unlock(mtx_t *M) {
  return c11Result(pthread_mutex_unlock(asMutex(M)));
}

SCHEDSAN_C11 void mtx_destroy(mtx_t *M) { pthread_mutex_destroy(asMutex(M)); }

SCHEDSAN_C11 int cnd_init(cnd_t *C) {
  return c11Result(pthread_cond_init(asCond(C), nullptr));
}

SCHEDSAN_C11 int cnd_signal(cnd_t *C) {
  return c11Result(pthread_cond_signal(asCond(C)));
}

SCHEDSAN_C11 int cnd_broadcast(cnd_t *C) {
  return c11Result(pthread_cond_broadcast(asCond(C)));
}

SCHEDSAN_C11 int cnd_wait(cnd_t *C, mtx_t *M) {
  return c11Result(pthread_cond_wait(asCond(C), asMutex(M)));
}

SCHEDSAN_C11 int cnd_timedwait(cnd_t *__restrict C, mtx_t *__restrict M,
                               const struct timespec *__restrict At) {
  return c11Result(pthread_cond_timedwait(asCond(C), asMutex(M), At));
}

SCHEDSAN_C11 void cnd_destroy(cnd_t *C) { pthread_cond_destroy(asCond(C)); }

SCHEDSAN_C11 void call_once(once_flag *Flag, void (*Func)(void)) {
  pthread_once(reinterpret_cast<pthread_once_t *>(Flag), Func);
}
