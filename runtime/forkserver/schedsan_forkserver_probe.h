//===- schedsan_forkserver_probe.h - Looking at processes -------*- C++ -*-===//
//
// FILE:
//    runtime/forkserver/schedsan_forkserver_probe.h
//
// DESCRIPTION:
//    The fork server's looks at its runs and at itself
//    (schedsan_forkserver.cpp).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_FORKSERVER_PROBE_H
#define SCHEDSAN_FORKSERVER_PROBE_H

#include "core/schedsan_watchdog.h"

#include <sys/types.h>

namespace schedsan {

// One watchdog sample of run Pid (same addresses: it is our fork); the
// current thread's kernel tid in *Ktid. False if the memory cannot be read
// or is no longer the run's (it has exec'd another program).
bool sampleRun(pid_t Pid, WatchdogSample &S, pid_t *Ktid);
// Whether this server may watch its runs: process_vm_readv on a child
// (Yama's ptrace_scope or a seccomp filter may forbid it).
bool canWatchRuns();
// The threads running besides this one, once the runtime's watchdog has
// stopped and threads that have just ended are gone (up to 50 ms).
int otherThreads();

} // namespace schedsan

#endif // SCHEDSAN_FORKSERVER_PROBE_H
