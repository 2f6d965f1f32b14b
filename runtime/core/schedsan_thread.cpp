//===- schedsan_thread.cpp - Thread life ----------------------------------===//
//
// FILE:
//    runtime/core/schedsan_thread.cpp
//
// DESCRIPTION:
//    A thread joins the run (registerThread: a tid, never reused, and a
//    slot among the live threads), performs its last event (threadExit) and
//    leaves the live set (abandonThread: its slot goes to the last live
//    thread). See schedsan_thread.h.
//===----------------------------------------------------------------------===//
#include "core/schedsan_thread.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_log.h"
#include "core/schedsan_rtl.h"
#include "core/schedsan_signals.h"
#include "core/schedsan_watchdog.h"
#include "core/schedsan_weak_hooks.h"
#include "schedsan/schedsan_protocol.h"

#include <stdlib.h>
#include <unistd.h>

namespace schedsan {

ThreadState *registerThread(ThreadState *Parent) {
  TsanIgnore Ignore;
  if (rt.num_live == kMaxThreads || rt.num_threads == kNoTid) {
    rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "more than %u threads alive "
              "at once (or %u in all): the runtime cannot schedule more\n",
              (int)getpid(), kMaxThreads, kNoTid - 1);
    dieNow(flags.exitcode);
  }
  endLease(); // the live set changes
  LsanDisabler NoLeakChecks;
  if (rt.num_threads == rt.threads_capacity) {
    unsigned Cap = rt.threads_capacity ? rt.threads_capacity * 2 : 1024;
    void *P = realloc(rt.threads, Cap * sizeof(ThreadState *));
    if (!P) {
      rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "out of memory for %u "
                "threads\n",
                (int)getpid(), Cap);
      dieNow(flags.exitcode);
    }
    rt.threads = static_cast<ThreadState **>(P);
    rt.threads_capacity = Cap;
  }
  ThreadState *T = new ThreadState();
  T->tid = rt.num_threads++;
  T->parent = Parent ? Parent->tid : kNoTid;
  rt.threads[T->tid] = T;
  T->slot = rt.num_live++;
  rt.live[T->slot] = T;
  setPending(T, EventKind::ThreadStart, 0, 0, false);
  if (Parent) { // main is announced by beginRun(), and runs
    // Parked in the runtime until its ThreadStart is picked: a signal
    // handler that runs on it before (pthread_kill right after
    // pthread_create) runs outside the schedule, as on any parked thread.
    T->mode = Mode::InRuntime;
    T->park.store(kParked, std::memory_order_relaxed);
    rt.strategy->onThreadStart(T->tid, T->parent);
  }
  return T;
}

void threadExit(ThreadState *T) {
  TsanIgnore Ignore;
  setPending(T, EventKind::ThreadExit, (uintptr_t)T, 0, true);
  schedule(T);
  T->mode = Mode::InRuntime;
  abandonThread(T);
  cur_thread = nullptr;
  T->mode = Mode::Uncontrolled;
  if (rt.num_live == 0)
    return;
  ++rt.steps; // leaving is a decision of its own (traces key on steps)
  ThreadState *Next = pickNext(nullptr);
  // The next thread waits for this one's tail (awaitLeftThread). main's
  // pthread_exit leaves the process's main thread a zombie until the
  // process ends: nothing to wait for.
  if (T->parent != kNoTid)
    rt.leaving_ktid = T->ktid;
  handOver(nullptr, Next);
}

void abandonThread(ThreadState *T) {
  TsanIgnore Ignore;
  endLease(); // the live set changes
  T->finished = true;
  // Leave the live set: the last live thread takes this one's slot.
  unsigned Last = --rt.num_live;
  if (T->slot != Last) {
    rt.live[T->slot] = rt.live[Last];
    rt.pending[T->slot] = rt.pending[Last];
    rt.live[T->slot]->slot = T->slot;
  }
  rt.strategy->onThreadEnd(T->tid);
  if (Last == 0)
    wakeWatchdog(); // nothing left to watch: it ends, and so may the process
}

namespace {

// A thread leaves the run from the destructor of this key, in the second
// destructor round: after C++ thread_local destructors and every other
// key's first-round destructor, which so run under control like the rest
// of the thread (a destructor that locks a mutex is scheduled as usual).
pthread_key_t ExitKey;

void onThreadExitKey(void *Arg) {
  ThreadState *T = static_cast<ThreadState *>(Arg);
  if (!T->exit_armed) {
    T->exit_armed = true;
    pthread_setspecific(ExitKey, T); // asks glibc for another round
    return;
  }
  if (cur_thread == T) {
    threadExit(T);
    disarmSignalStack();
  }
}

} // namespace

void armThreadExit(ThreadState *T) {
  static bool Created = false;
  if (!Created) {
    Created = true;
    pthread_key_create(&ExitKey, onThreadExitKey);
  }
  pthread_setspecific(ExitKey, T);
}

} // namespace schedsan
