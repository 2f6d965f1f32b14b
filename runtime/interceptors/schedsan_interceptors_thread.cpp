//===- schedsan_interceptors_thread.cpp - Thread and process life ---------===//
//
// FILE:
//    runtime/interceptors/schedsan_interceptors_thread.cpp
//
// DESCRIPTION:
//    pthread_create/join/detach/exit/cancel, __libc_start_main (to see main
//    return), exit/_exit/_Exit, abort and __assert_fail, and sched_yield.
//    A new thread starts in threadTrampoline, waits until its ThreadStart
//    event is picked, runs, and ends with a ThreadExit event; its
//    thread-local destructors then run uncontrolled (after the thread left
//    the run), which is how joiners see it finished.
//===----------------------------------------------------------------------===//
#include "core/schedsan_bug.h"
#include "core/schedsan_fairness.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_log.h"
#include "core/schedsan_run.h"
#include "core/schedsan_signals.h"
#include "core/schedsan_thread.h"
#include "core/schedsan_time.h"
#include "core/schedsan_watchdog.h"
#include "forkserver/schedsan_forkserver.h"
#include "hooks/schedsan_access.h"
#include "interceptors/schedsan_interceptors.h"
#include "observe/schedsan_readsfrom.h"
#include "observe/schedsan_shared.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

using namespace schedsan;

static int (*UserMain)(int, char **, char **);

// The process is ending (exit, return from main): a scheduling point first,
// so other threads may run before exit handlers do (PCT's final wait).
// ThreadExit with no object: the process exit.
static void processExitPoint(const InterceptedCall &Call) {
  Call.point(EventKind::ThreadExit, nullptr);
}

ThreadState *schedsan::findThread(pthread_t P) {
  for (unsigned I = rt.num_threads; I-- > 0;)
    if (rt.threads[I] && rt.threads[I]->pthread == P)
      return rt.threads[I];
  return nullptr;
}

static void *threadTrampoline(void *Arg) {
  ThreadState *T = static_cast<ThreadState *>(Arg);
  T->ktid = gettid();
  T->pthread = pthread_self();
  cur_thread = T;
  armThreadExit(T);
  armSignalStack();
  waitForTurn(T); // until the ThreadStart event is picked
  T->mode = Mode::Controlled;
  return T->start(T->arg);
}

extern "C" {

int pthread_create(pthread_t *Thread, const pthread_attr_t *Attr,
                   void *(*Start)(void *), void *Arg) __THROWNL {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(pthread_create)(Thread, Attr, Start, Arg);
  if (creationPassesWithoutDecision()) { // schedsan_decision.h
    Call.publish(EventKind::ThreadCreate, nullptr);
    passWithoutDecision(Call.thread());
  } else {
    Call.point(EventKind::ThreadCreate, nullptr);
  }
  ScopedRuntimeMode InRuntime(Call);
  ThreadState *Child = registerThread(Call.thread());
  Child->start = Start;
  Child->arg = Arg;
  int Detach = PTHREAD_CREATE_JOINABLE;
  if (Attr)
    pthread_attr_getdetachstate(Attr, &Detach);
  Child->is_detached = Detach == PTHREAD_CREATE_DETACHED;
  sharedNoteCreate(Call.thread(), Child);
  int R = SCHEDSAN_REAL(pthread_create)(Thread, Attr, threadTrampoline, Child);
  if (R == 0) {
    Child->pthread = *Thread;
    startWatchdogIfNeeded();
  } else {
    abandonThread(Child);
  }
  return R;
}

int pthread_join(pthread_t Thread, void **Result) {
  InterceptedCall Call(SCHEDSAN_PC());
  ThreadState *Target = Call ? findThread(Thread) : nullptr;
  if (!Target)
    return SCHEDSAN_REAL(pthread_join)(Thread, Result);
  ThreadState *T = Call.thread();
  Call.publish(EventKind::ThreadJoin, Target);
  T->join_target = Target;
  Call.schedule();
  T->join_target = nullptr;
  actOnCancel(T);
  T->newWork();                      // the joined thread's work is done
  ScopedRuntimeMode InRuntime(Call); // the joinee is leaving the C library
  int R = SCHEDSAN_REAL(pthread_join)(Thread, Result);
  if (R == 0) {
    Target->pthread = 0; // the handle may now name a new thread
    sharedNoteJoin(T, Target);
  }
  return R;
}

// tryjoin (Abstime null): always enabled; timedjoin: enabled once the
// thread finished or the deadline passed (schedsan_time.h). Picked before
// the thread finished, they fail with Busy.
static int tryJoin(const InterceptedCall &Call, ThreadState *Target,
                   pthread_t Thread, void **Result,
                   const struct timespec *Abstime, int Busy) {
  ThreadState *T = Call.thread();
  Event &E = Call.publish(EventKind::ThreadJoin, Target);
  setDeadline(T, CLOCK_REALTIME, Abstime);
  E.is_yield = !Target->finished && (!Abstime || !virtualTime());
  Call.schedule();
  T->timed = false;
  if (!Target->finished) {
    if (Abstime && virtualTime())
      noteNoProgress(T);
    return Busy;
  }
  return pthread_join(Thread, Result);
}

int pthread_tryjoin_np(pthread_t Thread, void **Result) __THROW {
  InterceptedCall Call(SCHEDSAN_PC());
  ThreadState *Target = Call ? findThread(Thread) : nullptr;
  if (!Target)
    return SCHEDSAN_REAL(pthread_tryjoin_np)(Thread, Result);
  return tryJoin(Call, Target, Thread, Result, nullptr, EBUSY);
}

int pthread_timedjoin_np(pthread_t Thread, void **Result,
                         const struct timespec *Abstime) {
  InterceptedCall Call(SCHEDSAN_PC());
  ThreadState *Target = Call ? findThread(Thread) : nullptr;
  if (!Target)
    return SCHEDSAN_REAL(pthread_timedjoin_np)(Thread, Result, Abstime);
  return tryJoin(Call, Target, Thread, Result, Abstime, ETIMEDOUT);
}

// The cancel is the real one (the thread acts on it at its next real
// cancellation point); the model learns of it so that a modeled wait that
// is a cancellation point ends (actOnCancel).
int pthread_cancel(pthread_t Thread) {
  if (controlledThread())
    if (ThreadState *Target = findThread(Thread)) {
      endLease(); // a waiter may become enabled here
      Target->cancel_requested = true;
    }
  return SCHEDSAN_REAL(pthread_cancel)(Thread);
}

int pthread_setcancelstate(int State, int *Old) {
  if (ThreadState *T = cur_thread)
    if (State == PTHREAD_CANCEL_ENABLE || State == PTHREAD_CANCEL_DISABLE)
      T->cancel_disabled = State == PTHREAD_CANCEL_DISABLE;
  resolveEarly(SCHEDSAN_REAL(pthread_setcancelstate));
  return SCHEDSAN_REAL(pthread_setcancelstate)(State, Old);
}

int pthread_detach(pthread_t Thread) __THROW {
  ThreadState *T = controlledThread();
  if (ThreadState *Target = T ? findThread(Thread) : nullptr)
    Target->is_detached = true;
  return SCHEDSAN_REAL(pthread_detach)(Thread);
}

// The thread's exit event comes from onThreadExitKey, after its
// destructors: nothing to do here.
void pthread_exit(void *Result) { SCHEDSAN_REAL(pthread_exit)(Result); }

// main's return is an event too: interpose on the C library's entry point.
static int mainTrampoline(int Argc, char **Argv, char **Envp) {
  ensureInit();
  runForkServerIfRequested();
  rfMainStarts();
  int R = UserMain(Argc, Argv, Envp);
  InterceptedCall Call(nullptr);
  if (Call)
    processExitPoint(Call);
  return R;
}

int __libc_start_main(int (*Main)(int, char **, char **), int Argc, char **Argv,
                      void (*Init)(), void (*Fini)(), void (*RtldFini)(),
                      void *StackEnd) {
  // Before initialization: the first call of the program.
  SCHEDSAN_RESOLVE(__libc_start_main, nullptr);
  UserMain = Main;
  return SCHEDSAN_REAL(__libc_start_main)(mainTrampoline, Argc, Argv, Init,
                                          Fini, RtldFini, StackEnd);
}

void exit(int Status) __THROW {
  InterceptedCall Call(SCHEDSAN_PC());
  if (Call)
    processExitPoint(Call);
  resolveEarly(SCHEDSAN_REAL(exit));
  SCHEDSAN_REAL(exit)(Status);
}

void _exit(int Status) {
  ensureInit();
  finalize(Status);
  SCHEDSAN_REAL(_exit)(Status);
}

void _Exit(int Status) __THROW {
  ensureInit();
  finalize(Status);
  SCHEDSAN_REAL(_Exit)(Status);
}

void abort() __THROW {
  ensureInit();
  BugOrigin Origin;
  Origin.pc = SCHEDSAN_PC();
  if (rt.active)
    reportBug(BugKind::Abort, nullptr, Origin);
  SCHEDSAN_REAL(abort)();
}

void __assert_fail(const char *Assertion, const char *File, unsigned Line,
                   const char *Function) __THROW {
  char Msg[1024];
  snprintf(Msg, sizeof(Msg), "%s:%u: %s: Assertion `%s' failed.", File, Line,
           Function, Assertion);
  ensureInit();
  BugOrigin Origin;
  Origin.pc = SCHEDSAN_PC();
  Origin.file = File;
  Origin.line = Line;
  Origin.function = Function;
  if (rt.active)
    reportBug(BugKind::Assertion, Msg, Origin);
  rawPrintf("%s\n", Msg);
  SCHEDSAN_REAL(abort)();
}

// sched_yield: a scheduling point that counts toward fairness.
int sched_yield() __THROW {
  InterceptedCall Call(SCHEDSAN_PC());
  if (!Call)
    return SCHEDSAN_REAL(sched_yield)();
  Call.publish(EventKind::Yield, nullptr).is_yield = true;
  Call.schedule();
  return 0;
}

} // extern "C"
