//===- schedsan_interception.cpp - The real functions ---------------------===//
//
// FILE:
//    runtime/core/schedsan_interception.cpp
//
// DESCRIPTION:
//    The pointers to the real functions named in schedsan_interceptors.inc,
//    and their lookup (schedsan_interception.h).
//===----------------------------------------------------------------------===//
#include "core/schedsan_interception.h"
#include "core/schedsan_log.h"
#include "schedsan/schedsan_protocol.h"

#include <dlfcn.h>
#include <stdio.h>

namespace schedsan {

// Null until initInterceptors; constant-initialized, so a lookup that runs
// before the C++ constructors (from .preinit_array) is not undone.
#define SCHEDSAN_INTERCEPTOR(Name, Version)                                    \
  decltype(&::Name) real_##Name = nullptr;
#include "interceptors/schedsan_interceptors.inc"
#undef SCHEDSAN_INTERCEPTOR

void *resolveReal(const char *Name, const char *Version) {
  // A compiler-rt sanitizer linked into the same executable (ASan, UBSan)
  // exports its own interceptor as __interceptor_<name>: chain to it, so it
  // still sees threads start and end.
  char Chained[128];
  snprintf(Chained, sizeof(Chained), "__interceptor_%s", Name);
  if (void *P = dlsym(RTLD_DEFAULT, Chained))
    return P;
  void *P = Version ? dlvsym(RTLD_NEXT, Name, Version) : nullptr;
  if (!P)
    P = dlsym(RTLD_NEXT, Name);
  if (!P) {
    rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "cannot find the real '%s'\n",
              (int)getpid(), Name);
    _exit(2);
  }
  return P;
}

void initInterceptors() {
#define SCHEDSAN_INTERCEPTOR(Name, Version) SCHEDSAN_RESOLVE(Name, Version);
#include "interceptors/schedsan_interceptors.inc"
#undef SCHEDSAN_INTERCEPTOR
}

int realPthreadCreate(pthread_t *Thread, const pthread_attr_t *Attr,
                      void *(*Start)(void *), void *Arg) {
  return SCHEDSAN_REAL(pthread_create)(Thread, Attr, Start, Arg);
}

int realPthreadJoin(pthread_t Thread, void **Result) {
  return SCHEDSAN_REAL(pthread_join)(Thread, Result);
}

int realSigaction(int Sig, const struct sigaction *Act, struct sigaction *Old) {
  resolveEarly(SCHEDSAN_REAL(sigaction));
  return SCHEDSAN_REAL(sigaction)(Sig, Act, Old);
}

} // namespace schedsan
