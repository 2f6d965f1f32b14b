//===- schedsan_thread.h - Thread life --------------------------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_thread.h
//
// DESCRIPTION:
//    How a thread enters and leaves the run: its ThreadState, its slot among
//    the live threads, its ThreadStart and ThreadExit events.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_THREAD_H
#define SCHEDSAN_THREAD_H

#include "core/schedsan_rt.h"

namespace schedsan {

// A new thread of the run, created by Parent (null: main), with its
// ThreadStart event pending; tells the strategy (main: beginRun does).
ThreadState *registerThread(ThreadState *Parent);
// T's last event: schedules its ThreadExit, leaves the run, hands over.
void threadExit(ThreadState *T);
// T leaves the live set (at its exit, or when its creation failed).
void abandonThread(ThreadState *T);
// T's ThreadExit comes after its destructors: from a thread-specific key's
// destructor in the second round, after C++ thread_local destructors and
// every other key's first-round destructor, which so run under control
// like the rest of the thread. Called by T itself when it starts.
void armThreadExit(ThreadState *T);

} // namespace schedsan

#endif // SCHEDSAN_THREAD_H
