//===- schedsan_interception.h - The real functions -------------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_interception.h
//
// DESCRIPTION:
//    Interception by symbol interposition: the runtime is linked into the
//    executable (whole archive, exported through a dynamic list), so its
//    definitions of pthread_mutex_lock & co. come before libc's for every
//    caller, libstdc++ included. For each function named in
//    schedsan_interceptors.inc, SCHEDSAN_REAL(Name) is the real one: found
//    once, by initInterceptors, with dlsym(RTLD_NEXT), or dlvsym where glibc
//    keeps several versions (pthread_cond_* at GLIBC_2.3.2); a compiler-rt
//    sanitizer's own interceptor comes first when one is linked.
//    This layer knows nothing of scheduling: the interceptors
//    (schedsan_interceptors.h) and the runtime's own code (the real clock,
//    raw futex calls) both build on it.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_INTERCEPTION_H
#define SCHEDSAN_INTERCEPTION_H

// Every intercepted function's declaration, for its real one's type.
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

// The C library's entry point, and assert()'s failure (which <assert.h>
// declares only without NDEBUG): no header always declares them.
extern "C" {
int __libc_start_main(int (*Main)(int, char **, char **), int Argc, char **Argv,
                      void (*Init)(), void (*Fini)(), void (*RtldFini)(),
                      void *StackEnd);
void __assert_fail(const char *Assertion, const char *File, unsigned Line,
                   const char *Function) __THROW;
// The checked forms that _FORTIFY_SOURCE builds call (declared only there).
ssize_t __read_chk(int Fd, void *Buf, size_t N, size_t BufLen);
ssize_t __recv_chk(int Fd, void *Buf, size_t N, size_t BufLen, int Flags);
ssize_t __recvfrom_chk(int Fd, void *Buf, size_t N, size_t BufLen, int Flags,
                       struct sockaddr *From, socklen_t *Len);
int __poll_chk(struct pollfd *Fds, nfds_t N, int TimeoutMs, size_t FdsLen);
int __ppoll_chk(struct pollfd *Fds, nfds_t N, const struct timespec *Timeout,
                const sigset_t *Mask, size_t FdsLen);
}

#define SCHEDSAN_REAL(Name) ::schedsan::real_##Name
#define SCHEDSAN_DECLARE_REAL(Name) extern decltype(&::Name) real_##Name;
#define SCHEDSAN_RESOLVE(Name, Version)                                        \
  SCHEDSAN_REAL(Name) = reinterpret_cast<decltype(&::Name)>(                   \
      ::schedsan::resolveReal(#Name, Version))

namespace schedsan {

#define SCHEDSAN_INTERCEPTOR(Name, Version) SCHEDSAN_DECLARE_REAL(Name)
#include "interceptors/schedsan_interceptors.inc"
#undef SCHEDSAN_INTERCEPTOR

// The real Name (at Version, if not null); ends the process if there is
// none.
void *resolveReal(const char *Name, const char *Version);

// Finds every real function. Called at initialization; also from the few
// interceptors that may run before it (exit, syscall, clock_gettime...)
// when their real function is still null (resolveEarly).
void initInterceptors();

// For an interceptor that may run before initialization (the runtime's
// start reads its options and /proc; a library's constructor may run
// first): finds the real functions if Real is still null.
template <typename FnPtr> void resolveEarly(FnPtr &Real) {
  if (__builtin_expect(!Real, 0))
    initInterceptors();
}

// The C library's pthread_create and pthread_join, past the interceptors:
// for the runtime's own threads, which no strategy sees.
int realPthreadCreate(pthread_t *Thread, const pthread_attr_t *Attr,
                      void *(*Start)(void *), void *Arg);
int realPthreadJoin(pthread_t Thread, void **Result);
// The C library's sigaction, past the interceptor: for the runtime's own
// handlers (and what it saves and restores of the program's), which the
// runtime's trampoline must not wrap.
int realSigaction(int Sig, const struct sigaction *Act, struct sigaction *Old);

} // namespace schedsan

#endif // SCHEDSAN_INTERCEPTION_H
