//===- schedsan_interceptors_affinity.cpp - The CPUs a program sees -------===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors_affinity.cpp
//
// DESCRIPTION:
//    sched_getaffinity and pthread_getaffinity_np of the program's own
//    threads: the mask the process had before the run pinned it to one CPU
//    (cpu=, schedsan_run.cpp), not that one CPU. Thread pools that size
//    themselves from the mask (oneTBB's workers, libomp's team) would
//    otherwise run on the main thread alone, and a campaign would test none
//    of their concurrency. The threads still run one at a time, on the
//    pinned CPU. Once the program sets a mask itself (sched_setaffinity,
//    pthread_setaffinity_np), every mask is returned as it is.
//===----------------------------------------------------------------------===//
#include "core/schedsan_run.h"
#include "interceptors/schedsan_interceptors.h"

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace schedsan;

namespace {

// Whether Pid (a process or thread id; 0: the caller) is this process or
// one of its threads.
bool ownTask(pid_t Pid) {
  return Pid == 0 || Pid == getpid() ||
         syscall(SYS_tgkill, getpid(), Pid, 0) == 0;
}

} // namespace

extern "C" {

int sched_setaffinity(pid_t Pid, size_t Size, const cpu_set_t *Mask) __THROW {
  resolveEarly(SCHEDSAN_REAL(sched_setaffinity));
  const int R = SCHEDSAN_REAL(sched_setaffinity)(Pid, Size, Mask);
  if (R == 0 && ownTask(Pid))
    programSetAffinity();
  return R;
}

int pthread_setaffinity_np(pthread_t Thread, size_t Size,
                           const cpu_set_t *Mask) __THROW {
  resolveEarly(SCHEDSAN_REAL(pthread_setaffinity_np));
  const int R = SCHEDSAN_REAL(pthread_setaffinity_np)(Thread, Size, Mask);
  if (R == 0)
    programSetAffinity();
  return R;
}

int sched_getaffinity(pid_t Pid, size_t Size, cpu_set_t *Mask) __THROW {
  resolveEarly(SCHEDSAN_REAL(sched_getaffinity));
  const int R = SCHEDSAN_REAL(sched_getaffinity)(Pid, Size, Mask);
  if (R == 0 && ownTask(Pid))
    unpinnedView(Size, Mask);
  return R;
}

int pthread_getaffinity_np(pthread_t Thread, size_t Size,
                           cpu_set_t *Mask) __THROW {
  resolveEarly(SCHEDSAN_REAL(pthread_getaffinity_np));
  const int R = SCHEDSAN_REAL(pthread_getaffinity_np)(Thread, Size, Mask);
  if (R == 0)
    unpinnedView(Size, Mask);
  return R;
}

} // extern "C"
