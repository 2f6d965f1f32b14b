//===- schedsan_run.h - A run's start and end ------------------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_run.h
//
// DESCRIPTION:
//    The start of a run (options-dependent: strategy, CPU, budget), its end
//    at process exit, and the state one run leaves the next (PCT's k).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_H
#define SCHEDSAN_RUN_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>

namespace schedsan {

// Options-dependent start of a run: once per process (ensureInit), and
// again in each child of a fork server before main runs.
void beginRun();
// At process exit (on_exit, the exit interceptors): the trace, the state
// for the next run, the summary. Once; the run stays controlled after it.
void finalize(int Status);
// The k this process's run started from (a fork server starts its runs
// from it), and storing a k in state_file (a fork server when it ends, for
// whatever runs the program next).
uint64_t loadedStateK();
void writeStateFile(uint64_t K);
// A CPU mask that the C library gave the program (Size bytes at Mask):
// when it is exactly the one CPU the run pinned the process to (cpu=), it
// becomes the mask the process had before the pinning (the program's own
// view: a thread pool sized from it gets its workers); not once the
// program has set a mask itself (programSetAffinity).
void unpinnedView(size_t Size, cpu_set_t *Mask);
void programSetAffinity();

} // namespace schedsan

#endif // SCHEDSAN_RUN_H
