//===- schedsan_forkserver_probe.cpp - Looking at processes ---------------===//
//
// FILE:
//    runtime/forkserver/schedsan_forkserver_probe.cpp
//
// DESCRIPTION:
//    The fork server's looks at processes: a run's watchdog sample, read
//    from the run's memory with process_vm_readv (a fork has the server's
//    addresses); whether the system lets it read a child's memory at all;
//    how many threads the server itself has before it may fork.
//===----------------------------------------------------------------------===//
#include "forkserver/schedsan_forkserver_probe.h"
#include "core/schedsan_log.h"
#include "core/schedsan_rt.h"

#include <dirent.h>
#include <errno.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

namespace schedsan {

// Reads Count (remote, local) pairs of Size bytes each from process Pid.
static bool readRemote(pid_t Pid, const void *const *Remote, void *const *Local,
                       const size_t *Size, int Count) {
  iovec L[4], R[4];
  size_t Total = 0;
  for (int I = 0; I != Count; ++I) {
    L[I] = {Local[I], Size[I]};
    R[I] = {const_cast<void *>(Remote[I]), Size[I]};
    Total += Size[I];
  }
  return process_vm_readv(Pid, L, Count, R, Count, 0) == (ssize_t)Total;
}

// One watchdog sample of run Pid (same addresses: it is our fork); the
// current thread's kernel tid in *Ktid. False if the memory cannot be read
// or is no longer the run's (it has exec'd another program).
bool sampleRun(pid_t Pid, WatchdogSample &S, pid_t *Ktid) {
  ThreadState *Cur = nullptr;
  uint64_t Run = 0;
  const void *Remote[] = {&rt.server_run, &rt.steps, &rt.current, &rt.num_live};
  void *Local[] = {&Run, &S.steps, &Cur, &S.num_live};
  const size_t Size[] = {sizeof(Run), sizeof(rt.steps), sizeof(Cur),
                         sizeof(rt.num_live)};
  if (!readRemote(Pid, Remote, Local, Size, 4) || Run != (uint64_t)Pid)
    return false;
  S.current_watched = false;
  if (!Cur)
    return true;
  Mode M;
  uint32_t Park, Turn;
  const void *CurRemote[] = {&Cur->mode, &Cur->ktid, &Cur->park, &Cur->turn};
  void *CurLocal[] = {&M, Ktid, &Park, &Turn};
  const size_t CurSize[] = {sizeof(M), sizeof(*Ktid), sizeof(Park),
                            sizeof(Turn)};
  if (!readRemote(Pid, CurRemote, CurLocal, CurSize, 4))
    return false;
  S.current_watched = watched(M, Park, Turn);
  return true;
}

// Whether this server may watch its runs: process_vm_readv on a child
// (Yama's ptrace_scope or a seccomp filter may forbid it).
bool canWatchRuns() {
  int Gate[2];
  if (pipe(Gate) != 0)
    return false;
  pid_t Pid = fork();
  if (Pid == 0) { // waits until the server closes the gate
    close(Gate[1]);
    char B;
    while (read(Gate[0], &B, 1) < 0 && errno == EINTR) {
    }
    dieNow(0); // not _exit: ours would finalize a run that never was
  }
  uint64_t Steps;
  const void *Remote[] = {&rt.steps};
  void *Local[] = {&Steps};
  const size_t Size[] = {sizeof(Steps)};
  bool Ok = Pid > 0 && readRemote(Pid, Remote, Local, Size, 1);
  close(Gate[1]);
  close(Gate[0]);
  if (Pid > 0)
    while (waitpid(Pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  return Ok;
}

// The threads this process has (from /proc/self/task), 0 if unknown.
static int countThreads() {
  DIR *D = opendir("/proc/self/task");
  if (!D)
    return 0;
  int N = 0;
  while (dirent *E = readdir(D))
    N += E->d_name[0] != '.';
  closedir(D);
  return N;
}

// The threads running besides this one, once the runtime's watchdog (which
// a constructor's pthread_create starts) has stopped and threads that have
// just ended are gone (up to 50 ms).
int otherThreads() {
  stopWatchdog();
  int N = countThreads();
  for (int I = 0; I != 50 && N > 1; ++I) {
    // 1 ms, for real: the system call, not the intercepted sleeps (a
    // scheduling point here would let the other threads run on).
    const struct timespec Ms = {0, 1000000};
    syscall(SYS_nanosleep, &Ms, nullptr);
    N = countThreads();
  }
  const int Live = (int)rt.num_live; // the threads the runtime knows of
  return (N > Live ? N : Live) - 1;
}

} // namespace schedsan
