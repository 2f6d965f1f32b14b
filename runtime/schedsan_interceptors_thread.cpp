//===- schedsan_interceptors_thread.cpp - Thread and process life ---------===//
//
// FILE:
//    runtime/schedsan_interceptors_thread.cpp
//
// DESCRIPTION:
//    pthread_create/join/detach/exit, __libc_start_main (to see main
//    return), exit/_exit/_Exit, abort and __assert_fail, sched_yield and the
//    sleeps (which wait on the virtual clock: schedsan_time.h).
//    A new thread starts in threadTrampoline, waits until its ThreadStart
//    event is picked, runs, and ends with a ThreadExit event; its
//    thread-local destructors then run uncontrolled (after the thread left
//    the run), which is how joiners see it finished.
//===----------------------------------------------------------------------===//
#include "schedsan_flags.h"
#include "schedsan_fairness.h"
#include "schedsan_interceptors.h"
#include "schedsan_time.h"
#include "schedsan_report.h"

#include <linux/futex.h>
#include <stdarg.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace schedsan;

static int (*UserMain)(int, char **, char **);

namespace schedsan {

void dieNow(int Code) {
  syscall(SYS_exit_group, Code);
  __builtin_unreachable();
}

int realPthreadCreate(pthread_t *Thread, const pthread_attr_t *Attr,
                      void *(*Start)(void *), void *Arg) {
  return SCHEDSAN_REAL(pthread_create)(Thread, Attr, Start, Arg);
}

int realPthreadJoin(pthread_t Thread, void **Result) {
  return SCHEDSAN_REAL(pthread_join)(Thread, Result);
}

void actOnCancel(ThreadState *T) {
  if (!T->cancelPending())
    return;
  T->mode = Mode::Controlled; // cleanup handlers run under control
  pthread_testcancel();
}

void processExitPoint(ThreadState *T, const void *Pc) {
  // ThreadExit with no object: the process exit (main's "final wait").
  interceptEvent(T, EventKind::ThreadExit, nullptr, Pc);
  schedule(T);
}

} // namespace schedsan

// pthread_t values are reused once a thread is gone: the newest thread with
// the handle is the one meant.
static ThreadState *findThread(pthread_t P) {
  for (unsigned I = rt.num_threads; I-- > 0;)
    if (rt.threads[I] && rt.threads[I]->pthread == P)
      return rt.threads[I];
  return nullptr;
}

// A thread leaves the run from the destructor of this key, in the second
// destructor round: after C++ thread_local destructors and every other
// key's first-round destructor, which so run under control like the rest
// of the thread (a destructor that locks a mutex is scheduled as usual).
static pthread_key_t ExitKey;

static void onThreadExitKey(void *Arg) {
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

namespace schedsan {
void armThreadExit(ThreadState *T) {
  static bool Created = false;
  if (!Created) {
    Created = true;
    pthread_key_create(&ExitKey, onThreadExitKey);
  }
  pthread_setspecific(ExitKey, T);
}
} // namespace schedsan

static void *threadTrampoline(void *Arg) {
  ThreadState *T = static_cast<ThreadState *>(Arg);
  T->ktid = gettid();
  T->pthread = pthread_self();
  cur_thread = T;
  armThreadExit(T);
  armSignalStack();
  waitForTurn(T); // until the ThreadStart event is picked
  return T->start(T->arg);
}

extern "C" {

int pthread_create(pthread_t *Thread, const pthread_attr_t *Attr,
                   void *(*Start)(void *), void *Arg) __THROWNL {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(pthread_create)(Thread, Attr, Start, Arg);
  interceptEvent(T, EventKind::ThreadCreate, nullptr, SCHEDSAN_PC());
  schedule(T);
  T->mode = Mode::InRuntime;
  ThreadState *Child = registerThread(T);
  Child->start = Start;
  Child->arg = Arg;
  int Detach = PTHREAD_CREATE_JOINABLE;
  if (Attr)
    pthread_attr_getdetachstate(Attr, &Detach);
  Child->is_detached = Detach == PTHREAD_CREATE_DETACHED;
  int R = SCHEDSAN_REAL(pthread_create)(Thread, Attr, threadTrampoline, Child);
  if (R == 0) {
    Child->pthread = *Thread;
    startWatchdogIfNeeded();
  } else {
    abandonThread(Child);
  }
  T->mode = Mode::Controlled;
  return R;
}

int pthread_join(pthread_t Thread, void **Result) {
  ThreadState *T = controlledThread();
  ThreadState *Target = T ? findThread(Thread) : nullptr;
  if (!Target)
    return SCHEDSAN_REAL(pthread_join)(Thread, Result);
  Event &E = interceptEvent(T, EventKind::ThreadJoin, Target, SCHEDSAN_PC());
  (void)E;
  T->join_target = Target;
  schedule(T);
  T->join_target = nullptr;
  actOnCancel(T);
  T->newWork(); // the joined thread's work is done
  T->mode = Mode::InRuntime; // the joinee is leaving the C library
  int R = SCHEDSAN_REAL(pthread_join)(Thread, Result);
  if (R == 0)
    Target->pthread = 0; // the handle may now name a new thread
  T->mode = Mode::Controlled;
  return R;
}

// tryjoin (Abstime null): always enabled; timedjoin: enabled once the
// thread finished or the deadline passed (schedsan_time.h). Picked before
// the thread finished, they fail with Busy.
static int tryJoin(ThreadState *T, ThreadState *Target, pthread_t Thread,
                   void **Result, const struct timespec *Abstime, int Busy,
                   const void *Pc) {
  Event &E = interceptEvent(T, EventKind::ThreadJoin, Target, Pc);
  setDeadline(T, CLOCK_REALTIME, Abstime);
  E.is_yield = !Target->finished && (!Abstime || !virtualTime());
  schedule(T);
  T->timed = false;
  if (!Target->finished) {
    if (Abstime && virtualTime())
      noteNoProgress(T);
    return Busy;
  }
  return pthread_join(Thread, Result);
}

int pthread_tryjoin_np(pthread_t Thread, void **Result) __THROW {
  ThreadState *T = controlledThread();
  ThreadState *Target = T ? findThread(Thread) : nullptr;
  if (!Target)
    return SCHEDSAN_REAL(pthread_tryjoin_np)(Thread, Result);
  return tryJoin(T, Target, Thread, Result, nullptr, EBUSY, SCHEDSAN_PC());
}

int pthread_timedjoin_np(pthread_t Thread, void **Result,
                         const struct timespec *Abstime) {
  ThreadState *T = controlledThread();
  ThreadState *Target = T ? findThread(Thread) : nullptr;
  if (!Target)
    return SCHEDSAN_REAL(pthread_timedjoin_np)(Thread, Result, Abstime);
  return tryJoin(T, Target, Thread, Result, Abstime, ETIMEDOUT,
                 SCHEDSAN_PC());
}

// The cancel is the real one (the thread acts on it at its next real
// cancellation point); the model learns of it so that a modeled wait that
// is a cancellation point ends (actOnCancel).
int pthread_cancel(pthread_t Thread) {
  if (ThreadState *T = controlledThread())
    if (ThreadState *Target = findThread(Thread)) {
      (void)T;
      endLease(); // a waiter may become enabled here
      Target->cancel_requested = true;
    }
  return SCHEDSAN_REAL(pthread_cancel)(Thread);
}

int pthread_setcancelstate(int State, int *Old) {
  if (ThreadState *T = cur_thread)
    if (State == PTHREAD_CANCEL_ENABLE || State == PTHREAD_CANCEL_DISABLE)
      T->cancel_disabled = State == PTHREAD_CANCEL_DISABLE;
  if (!SCHEDSAN_REAL(pthread_setcancelstate))
    initInterceptors();
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
  int R = UserMain(Argc, Argv, Envp);
  if (ThreadState *T = controlledThread())
    processExitPoint(T, nullptr);
  return R;
}

int __libc_start_main(int (*Main)(int, char **, char **), int Argc,
                      char **Argv, void (*Init)(), void (*Fini)(),
                      void (*RtldFini)(), void *StackEnd) {
  // Before initialization: the first call of the program.
  SCHEDSAN_RESOLVE(__libc_start_main, nullptr);
  UserMain = Main;
  return SCHEDSAN_REAL(__libc_start_main)(mainTrampoline, Argc, Argv, Init,
                                          Fini, RtldFini, StackEnd);
}

void exit(int Status) __THROW {
  if (ThreadState *T = controlledThread())
    processExitPoint(T, SCHEDSAN_PC());
  if (!SCHEDSAN_REAL(exit))
    initInterceptors();
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
  if (rt.active)
    reportBug(BugKind::Abort, nullptr);
  SCHEDSAN_REAL(abort)();
}

void __assert_fail(const char *Assertion, const char *File, unsigned Line,
                   const char *Function) __THROW {
  char Msg[1024];
  snprintf(Msg, sizeof(Msg), "%s:%u: %s: Assertion `%s' failed.", File, Line,
           Function, Assertion);
  ensureInit();
  if (rt.active)
    reportBug(BugKind::Assertion, Msg);
  rawPrintf("%s\n", Msg);
  SCHEDSAN_REAL(abort)();
}

// sched_yield: a scheduling point that counts toward fairness.
int sched_yield() __THROW {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(sched_yield)();
  interceptEvent(T, EventKind::Yield, nullptr, SCHEDSAN_PC()).is_yield = true;
  schedule(T);
  return 0;
}

// Sleeps wait on the virtual clock (a yield with time=yield); they never
// sleep for real and are never interrupted.
static uint64_t timespecNs(const struct timespec *T) {
  if (!T || T->tv_sec < 0)
    return 0;
  return (uint64_t)T->tv_sec * 1000000000ull + (uint64_t)T->tv_nsec;
}

unsigned sleep(unsigned Seconds) {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(sleep)(Seconds);
  sleepFor(T, (uint64_t)Seconds * 1000000000ull, SCHEDSAN_PC());
  return 0;
}

int usleep(useconds_t Usec) {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(usleep)(Usec);
  sleepFor(T, (uint64_t)Usec * 1000ull, SCHEDSAN_PC());
  return 0;
}

int nanosleep(const struct timespec *Req, struct timespec *Rem) {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(nanosleep)(Req, Rem);
  sleepFor(T, timespecNs(Req), SCHEDSAN_PC());
  if (Rem)
    *Rem = timespec{0, 0};
  return 0;
}

int clock_nanosleep(clockid_t Clock, int Flags, const struct timespec *Req,
                    struct timespec *Rem) {
  ThreadState *T = controlledThread();
  if (!T)
    return SCHEDSAN_REAL(clock_nanosleep)(Clock, Flags, Req, Rem);
  uint64_t Ns = timespecNs(Req);
  if (Flags & TIMER_ABSTIME) {
    struct timespec Now;
    clock_gettime(Clock, &Now); // virtual for the clocks that are
    uint64_t NowNs = timespecNs(&Now);
    Ns = Ns > NowNs ? Ns - NowNs : 0;
  }
  sleepFor(T, Ns, SCHEDSAN_PC());
  if (Rem && !(Flags & TIMER_ABSTIME))
    *Rem = timespec{0, 0};
  return 0;
}

// Raw futex waits (libstdc++'s std::atomic<T>::wait, hand-written locks):
// a FUTEX_WAIT whose word still holds the expected value becomes a yield
// and returns 0, a wake-up that futex semantics allow to be spurious; the
// caller re-checks and waits again, so the wait is a polling loop the
// strategies see. A wait with a timeout waits on the virtual clock instead
// (schedsan_time.h, futexWaitFor). Everything else goes to the kernel.
long syscall(long Number, ...) __THROW {
  va_list Args;
  va_start(Args, Number);
  long A[6];
  for (long &X : A)
    X = va_arg(Args, long);
  va_end(Args);
  if (Number == SYS_futex) {
    const int Cmd = (int)A[1] & FUTEX_CMD_MASK;
    if (Cmd == FUTEX_WAIT || Cmd == FUTEX_WAIT_BITSET) {
      if (ThreadState *T = controlledThread()) {
        if (__atomic_load_n(reinterpret_cast<int *>(A[0]), __ATOMIC_SEQ_CST) !=
            (int)A[2]) {
          errno = EAGAIN;
          return -1;
        }
        // With a timeout, on the virtual clock: woken when the word
        // changes, ETIMEDOUT at the deadline (absl's timed waits).
        if (const auto *Timeout = reinterpret_cast<const timespec *>(A[3])) {
          const bool Absolute = Cmd == FUTEX_WAIT_BITSET;
          const clockid_t Clock =
              (int)A[1] & FUTEX_CLOCK_REALTIME ? CLOCK_REALTIME
                                               : CLOCK_MONOTONIC;
          int R = futexWaitFor(T, reinterpret_cast<const int *>(A[0]),
                               (int)A[2], Timeout, Absolute, Clock,
                               SCHEDSAN_PC());
          if (R == ETIMEDOUT) {
            errno = ETIMEDOUT;
            return -1;
          }
          if (R == 0)
            return 0;
        }
        Event &E = interceptEvent(T, EventKind::Yield,
                                  reinterpret_cast<void *>(A[0]),
                                  SCHEDSAN_PC());
        E.is_yield = true;
        schedule(T);
        return 0;
      }
    }
  }
  if (!SCHEDSAN_REAL(syscall))
    initInterceptors();
  return SCHEDSAN_REAL(syscall)(Number, A[0], A[1], A[2], A[3], A[4], A[5]);
}

} // extern "C"
