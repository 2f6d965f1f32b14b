//===- schedsan_report.cpp - Bug reports ----------------------------------===//
//
// FILE:
//    runtime/report/schedsan_report.cpp
//
// DESCRIPTION:
//    The report of a run that found a bug, in the sanitizer shape, ending
//    with the schedule trace's path and the one-line replay command; the
//    same trace and replay lines after a failing exit or another
//    sanitizer's finding (its stack trace printed, its death callback
//    ending with the replay command); the run's one-line summary.
//===----------------------------------------------------------------------===//
#include "core/schedsan_bug.h"
#include "core/schedsan_check_mode.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_lease.h"
#include "core/schedsan_log.h"
#include "core/schedsan_rt.h"
#include "core/schedsan_sync.h"
#include "core/schedsan_time.h"
#include "core/schedsan_trace.h"
#include "observe/schedsan_coverage.h"
#include "observe/schedsan_readsfrom.h"
#include "observe/schedsan_search.h"
#include "observe/schedsan_shared.h"
#include "report/schedsan_location.h"
#include "report/schedsan_report_footer.h"
#include "report/schedsan_stack.h"
#include "schedsan/schedsan_protocol.h"
#include "script/schedsan_script.h"

#include <atomic>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

namespace schedsan {

namespace {

std::atomic<int> Reporting{0};

const char *kindName(BugKind K) {
  switch (K) {
  case BugKind::Abort:
    return SCHEDSAN_KIND_ABORT;
  case BugKind::Assertion:
    return SCHEDSAN_KIND_ASSERTION;
  case BugKind::Signal:
    return SCHEDSAN_KIND_SIGNAL;
  case BugKind::Deadlock:
    return SCHEDSAN_KIND_DEADLOCK;
  case BugKind::Livelock:
    return SCHEDSAN_KIND_LIVELOCK;
  case BugKind::Timeout:
    return SCHEDSAN_KIND_TIMEOUT;
  }
  return "bug";
}

// Threads shown with their whole stack (the others with their location).
constexpr unsigned kMaxStacks = 32;

// What a report's SUMMARY line needs from its threads: the failing
// thread's first user frame, and for a deadlock the blocked threads'
// locations, sorted and without repeats: the lock calls in the cycle;
// without lock waits, the other blocking calls but joins; else all.
struct ThreadFacts {
  char self_top[1024] = "";
  char locks[2048] = "";
  char waits[2048] = "";
  char joins[2048] = "";
  char spins[2048] = ""; // a livelock's spinning threads (describeSpin)
};

constexpr size_t kSiteSet = sizeof(ThreadFacts::locks);

// Adds Where to the set Set, kept sorted: "a; b; c".
void addSite(char *Set, const char *Where) {
  const char *Sep = "; ";
  char Out[kSiteSet];
  size_t Len = 0;
  bool Placed = false;
  for (const char *P = Set; *P;) {
    const char *E = strstr(P, Sep);
    size_t L = E ? (size_t)(E - P) : strlen(P);
    int Cmp = strncmp(Where, P, L);
    if (Cmp == 0 && strlen(Where) == L)
      return; // already there
    if (!Placed && (Cmp < 0 || (Cmp == 0 && strlen(Where) < L))) {
      Len +=
          snprintf(Out + Len, sizeof(Out) - Len, "%s%s", Len ? Sep : "", Where);
      Placed = true;
    }
    if (Len < sizeof(Out))
      Len += snprintf(Out + Len, sizeof(Out) - Len, "%s%.*s", Len ? Sep : "",
                      (int)L, P);
    P = E ? E + strlen(Sep) : P + L;
  }
  if (!Placed && Len < sizeof(Out))
    snprintf(Out + Len, sizeof(Out) - Len, "%s%s", Len ? Sep : "", Where);
  memcpy(Set, Out, sizeof(Out));
  Set[kSiteSet - 1] = 0;
}

bool isLockWait(EventKind K) {
  return K == EventKind::MutexLock || K == EventKind::RwLockRead ||
         K == EventKind::RwLockWrite;
}

// Whether T waits for a lock in a cycle: T waits for a lock that a thread
// holds which waits for a lock ... that T holds.
bool inLockCycle(const ThreadState *T) {
  Tid Cur = T->tid;
  for (unsigned Hops = 0; Hops <= rt.num_live; ++Hops) {
    const ThreadState *C = Cur < rt.num_threads ? rt.threads[Cur] : nullptr;
    if (!C || C->finished || !isLockWait(rt.pending[C->slot].kind))
      return false;
    const Tid Owner = syncObj(rt.pending[C->slot].addr).owner;
    if (Owner == T->tid)
      return true;
    if (Owner == kNoTid)
      return false;
    Cur = Owner;
  }
  return false;
}

// Whether some live thread waits for a lock in a cycle.
bool anyLockCycle() {
  for (unsigned I = 0; I != rt.num_live; ++I)
    if (inLockCycle(rt.live[I]))
      return true;
  return false;
}

// A deadlock's lock waits count toward its signature only in the cycle,
// when there is one: a thread queued behind it does not change the bug.
void addBlockedSite(ThreadFacts &F, EventKind K, const char *Where,
                    bool OutsideCycle) {
  if (isLockWait(K)) {
    if (!OutsideCycle)
      addSite(F.locks, Where);
  } else if (K == EventKind::ThreadJoin)
    addSite(F.joins, Where);
  else
    addSite(F.waits, Where);
}

void printThreads(BugKind Kind, const Stack &SelfStack, const void *Origin,
                  bool Stacks, ThreadFacts &Facts) {
  static Stack Other;
  ThreadState *Self = cur_thread;
  bool SelfShown = false, SelfTopHasSource = false;
  const bool Cycle = Kind == BugKind::Deadlock && anyLockCycle();
  for (unsigned I = 0; I != rt.num_live; ++I) {
    ThreadState *T = rt.live[I];
    const Event &E = rt.pending[I];
    // A thread that is leaving (its thread-local destructors ran) has no
    // frames of its own left: not signalled.
    const bool Leaving = E.kind == EventKind::ThreadExit;
    char Where[512], What[256], Parent[32], Top[1024] = "";
    // The stack first: its first user frame locates an event that the
    // C++ library's code (a header's) performs for the user's.
    bool HasStack = true;
    if (!Stacks) {
      HasStack = false;
    } else if (T == Self) {
      layOutStack(SelfStack, Origin ? Origin : T->pc, Top, sizeof(Top));
      SelfTopHasSource = laidOutTopHasSource();
      snprintf(Facts.self_top, sizeof(Facts.self_top), "%s", Top);
      SelfShown = true;
    } else if (I < kMaxStacks && !Leaving && captureThreadStack(T, Other)) {
      layOutStack(Other, T->pc, Top, sizeof(Top));
    } else {
      HasStack = false;
    }
    const schedsan_site *Site = T->site;
    if (*Top && (!Site || !Site->line || isStdLibFile(Site->file)))
      snprintf(Where, sizeof(Where), "%s", Top);
    else
      describeLocation(T, Where, sizeof(Where));
    // A stack with no frame of the program's source (a library without -g
    // called in a tail call) is signed where the thread's own code was.
    if (T == Self && !SelfTopHasSource && Site && !isStdLibFile(Site->file))
      describeLocation(T, Facts.self_top, sizeof(Facts.self_top));
    if (T->parent == kNoTid)
      snprintf(Parent, sizeof(Parent), "(main thread)");
    else
      snprintf(Parent, sizeof(Parent), "(created by T%u)", T->parent);
    const bool Blocked = Kind == BugKind::Deadlock || !E.enabled;
    if (Blocked && T->mode != Mode::Released)
      describeWait(T, E, What, sizeof(What));
    else
      snprintf(What, sizeof(What), "%s %s",
               T == rt.current ? "running:" : "ready:", eventKindName(E.kind));
    const uint32_t Park = T->park.load(std::memory_order_acquire);
    rawPrintf("  T%u %s %s%s\n      at %s\n", T->tid, Parent, What,
              Park == kInHandler || Park == kAway
                  ? " (in a signal handler of the program, outside the "
                    "schedule)"
                  : "",
              Where);
    if (Blocked)
      addBlockedSite(Facts, E.kind, Where, Cycle && !inLockCycle(T));
    // A loop in the C++ library's code (an atomic's wait) is signed where
    // the program called it: Where, the stack's first frame of its own.
    char Spin[1024];
    bool SpinInStdLib;
    if (Kind == BugKind::Livelock && !Blocked &&
        describeSpin(T, Spin, sizeof(Spin), &SpinInStdLib))
      addSite(Facts.spins, SpinInStdLib && *Top ? Where : Spin);
    if (HasStack)
      printLaidOutStack();
  }
  // The failing thread is not one of the run's (nothing to show when it is
  // one that has just left it, detecting a deadlock on its way out).
  if (!SelfShown && Stacks &&
      layOutStack(SelfStack, Origin, Facts.self_top, sizeof(Facts.self_top))) {
    rawPrintf("  the failing thread (not controlled):\n");
    printLaidOutStack();
  }
  endSymbolizing();
  if (stacksLackedLines())
    rawPrintf("  (the program's frames have no file:line: build it with -g)\n");
}

// An assertion's function as __PRETTY_FUNCTION__ gives it ("int f(int)",
// "void Queue::push(int)"), without its return type, as stacks name it.
const char *withoutReturnType(const char *Pretty) {
  const char *Paren = Pretty;
  for (int Depth = 0; *Paren && (*Paren != '(' || Depth); ++Paren)
    Depth += *Paren == '<' ? 1 : *Paren == '>' ? -1 : 0;
  const char *Name = Paren;
  for (int Depth = 0; Name > Pretty && (Name[-1] != ' ' || Depth); --Name)
    Depth += Name[-1] == '>' ? 1 : Name[-1] == '<' ? -1 : 0;
  while (*Name == '*' || *Name == '&') // "void *f(void)"
    ++Name;
  return *Paren ? Name : Pretty;
}

// A failure's signature, the location its SUMMARY line names: where the
// bug is, not where the schedule last stopped. An assertion's own
// file:line and function; a fatal signal's or an abort's first user frame;
// a deadlock's blocking calls; a livelock's spinning loops (each enabled
// thread's, describeSpin), else (a timeout: the signal comes to any
// thread) the running thread's location.
void summaryLocation(BugKind Kind, const BugOrigin &Origin,
                     const ThreadFacts &Facts, char *Buf, size_t Size) {
  *Buf = 0;
  if (Kind == BugKind::Assertion && Origin.file)
    snprintf(Buf, Size, "%s:%u in %s", Origin.file, Origin.line,
             Origin.function ? withoutReturnType(Origin.function) : "??");
  else if ((Kind == BugKind::Signal || Kind == BugKind::Abort ||
            Kind == BugKind::Assertion) &&
           *Facts.self_top)
    snprintf(Buf, Size, "%s", Facts.self_top);
  else if (Kind == BugKind::Livelock)
    snprintf(Buf, Size, "%s", Facts.spins);
  else if (Kind == BugKind::Deadlock)
    snprintf(Buf, Size, "%s",
             *Facts.locks   ? Facts.locks
             : *Facts.waits ? Facts.waits
                            : Facts.joins);
  if (!*Buf && rt.current)
    describeLocation(rt.current, Buf, (unsigned)Size);
}

// The report in progress, while it gathers threads and stacks: a second
// fatal signal then (schedsan run's SIGABRT at --timeout while the
// symbolizer starts, a fault in the symbolizer) ends it at once with its
// SUMMARY and footer, which need no symbolizer (cutReportShort).
std::atomic<bool> Gathering{false};
BugKind GatheringKind;
BugOrigin GatheringOrigin;

// The report's location without the symbolizer or the demangler (either may
// be what the second signal interrupted): an assertion's own, else the
// current thread's last instrumented site.
void plainLocation(BugKind Kind, const BugOrigin &Origin, char *Buf,
                   size_t Size) {
  const ThreadState *T = rt.current;
  const schedsan_site *S = T ? (T->site ? T->site : T->last_site) : nullptr;
  if (Kind == BugKind::Assertion && Origin.file)
    snprintf(Buf, Size, "%s:%u in %s", Origin.file, Origin.line,
             Origin.function ? withoutReturnType(Origin.function) : "??");
  else if (S) {
    // As a full report's SUMMARY has it (the runner prefixes "at"), with
    // the function when its linkage name needs no demangling (C).
    const int N = snprintf(Buf, Size, "%s:%u:%u", S->file, S->line, S->column);
    if (S->function && strncmp(S->function, "_Z", 2) != 0 && N > 0 &&
        (size_t)N < Size)
      snprintf(Buf + N, Size - N, " in %s", S->function);
  } else
    snprintf(Buf, Size, "(no location)");
}

[[noreturn]] void cutReportShort(const char *Why) {
  rawPrintf("\n==%d==" SCHEDSAN_REPORT_CUT_SHORT
            "%s came while it was written\n",
            (int)getpid(), Why ? Why : "a fatal signal");
  static char Where[2048];
  plainLocation(GatheringKind, GatheringOrigin, Where, sizeof(Where));
  rawPrintf(SCHEDSAN_REPORT_SUMMARY "%s %s\n", kindName(GatheringKind), Where);
  printFooter();
  endLease();
  printRunSummary(rt.strategy->endRun(rt.picks));
  dieNow(flags.exitcode);
}

// A sanitizer reported something (the hooks at the end of this file).
std::atomic<bool> SanitizerFinding{false};

} // namespace

void reportSanitizerDeath() {
  if (Reporting.exchange(1))
    return;
  rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR_ABOVE SCHEDSAN_KEY_STRATEGY
            "=%s " SCHEDSAN_KEY_SEED "=%llu after %llu scheduling steps\n",
            (int)getpid(), flags.strategy, (unsigned long long)flags.seed,
            (unsigned long long)rt.steps);
  printFooter();
}

void reportFailedExit(int Status) {
  if (Status == 0 && !SanitizerFinding.load(std::memory_order_relaxed))
    return;
  if (Reporting.exchange(1))
    return;
  if (Status)
    rawPrintf("==%d==" SCHEDSAN_REPORT_TOOL "the run exited with status %d "
              "under strategy=%s seed=%llu after %llu scheduling steps\n",
              (int)getpid(), Status, flags.strategy,
              (unsigned long long)flags.seed, (unsigned long long)rt.steps);
  else
    rawPrintf("==%d==" SCHEDSAN_REPORT_TOOL "the run had a sanitizer finding "
              "above (and exits 0) under strategy=%s seed=%llu after %llu "
              "scheduling steps\n",
              (int)getpid(), flags.strategy, (unsigned long long)flags.seed,
              (unsigned long long)rt.steps);
  printFooter();
}

} // namespace schedsan

// Hooks the sanitizers call at each finding (weak defaults in their
// runtimes): a finding in recover mode (UBSan, ASan's halt_on_error=0,
// TSan's exitcode=0) still gets its schedule and replay line at exit.
extern "C" {
void __ubsan_on_report() {
  schedsan::SanitizerFinding.store(true, std::memory_order_relaxed);
}
void __asan_on_error() {
  schedsan::SanitizerFinding.store(true, std::memory_order_relaxed);
}
bool __tsan_on_report(const void *) {
  schedsan::SanitizerFinding.store(true, std::memory_order_relaxed);
  return true; // print it
}
} // extern "C"

namespace schedsan {

void reportBug(BugKind Kind, const char *Detail, const BugOrigin &Origin) {
  if (Reporting.exchange(1)) { // a second failure while reporting the first
    if (Gathering.exchange(false))
      cutReportShort(Detail);
    dieNow(flags.exitcode);
  }
  // write() is a cancellation point: a pending cancel must not cut the
  // report short.
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, nullptr);
  ThreadState *Self = cur_thread;
  // A fault in a synchronization call the runtime made for the thread (the
  // real pthread_mutex_unlock of a mutex pointer that is NULL or freed)
  // holds none of the C library's own locks.
  const bool InSyncCall = Self && Self->mode == Mode::InRuntime &&
                          isSyncKind(rt.pending[Self->slot].kind);
  if (Self)
    Self->mode = Mode::InRuntime;
  // Any other failure inside the C library (glibc's abort on a corrupt
  // heap, a fault in malloc) may hold its locks: no stacks then.
  const bool Broken = (inCLibrary(Origin.fault_pc) && !InSyncCall) ||
                      (Kind == BugKind::Abort && inCLibrary(Origin.pc));
  static Stack SelfStack;
  SelfStack.size = 0;
  if (Broken)
    disableSymbolizer();
  else
    captureStack(SelfStack);
  const int Pid = (int)getpid();
  rawPrintf("==================\n==%d==" SCHEDSAN_REPORT_ERROR "%s "
            "(pid=%d)\n",
            Pid, kindName(Kind), Pid);
  if (Detail)
    rawPrintf("  %s\n", Detail);
  if (Kind == BugKind::Deadlock)
    rawPrintf("  every live thread is blocked:\n");
  if (Kind == BugKind::Livelock && flags.max_steps &&
      rt.steps >= flags.max_steps)
    rawPrintf("  the run exceeded its step budget of %llu scheduling points "
              "(max_steps)\n",
              (unsigned long long)flags.max_steps);
  else if (Kind == BugKind::Livelock)
    rawPrintf("  no progress under fair scheduling: %llu no-progress events "
              "(yields, polls, failed trylocks or CAS, timeouts) since the "
              "fair phase began at step %llu (livelock_after)\n",
              (unsigned long long)rt.fair_no_progress,
              (unsigned long long)rt.fair_step);
  finishRunFiles();
  GatheringKind = Kind;
  GatheringOrigin = Origin;
  Gathering.store(true);
  static ThreadFacts Facts;
  printThreads(Kind, SelfStack, Origin.pc, !Broken, Facts);
  char K[32] = "";
  if (flags.k)
    snprintf(K, sizeof(K), " " SCHEDSAN_KEY_K "=%llu",
             (unsigned long long)flags.k);
  rawPrintf("  " SCHEDSAN_KEY_STRATEGY "=%s " SCHEDSAN_KEY_SEED
            "=%llu%s " SCHEDSAN_KEY_STEPS "=%llu " SCHEDSAN_KEY_THREADS "=%u "
            "switches=%llu preemptions=%llu time=%s%s\n",
            flags.strategy, (unsigned long long)flags.seed, K,
            (unsigned long long)rt.steps, rt.num_threads,
            (unsigned long long)rt.switches, (unsigned long long)rt.preemptions,
            timeModelName(),
            rt.replayable ? ""
                          : " (not exactly replayable: a thread ran "
                            "outside the schedule, released by the watchdog "
                            "or in a signal handler)");
  if (*flags.script) {
    char Script[1024];
    scriptDescribeRun(Script, sizeof(Script));
    rawPrintf("  %s\n", Script);
  }
  char Where[2048] = "";
  summaryLocation(Kind, Origin, Facts, Where, sizeof(Where));
  if (!Gathering.exchange(false))
    for (;;) // another thread is cutting the report short: it ends the run
      pause();
  rawPrintf(SCHEDSAN_REPORT_SUMMARY "%s %s\n", kindName(Kind), Where);
  printFooter();
  endLease();
  printRunSummary(rt.strategy->endRun(rt.picks));
  dieNow(flags.exitcode);
}

void reportScriptTimeout(const char *What) {
  endLease();
  printScriptTimeout(What);
  endRunFiles(); // the search goes on from a timed-out run's choices
  if (*flags.trace && !traceWrite(flags.trace, /*Exclusive=*/false))
    rawPrintf("==%d==" SCHEDSAN_REPORT_WARNING "cannot write trace=%s\n",
              (int)getpid(), flags.trace);
  printRunSummary(rt.strategy->endRun(rt.picks));
  dieNow(0);
}

void printRunSummary(const RunSummary &S) {
  if (flags.verbosity < 1)
    return;
  rawPrintf("==%d==" SCHEDSAN_SUMMARY_TAG SCHEDSAN_KEY_STRATEGY
            "=%s " SCHEDSAN_KEY_SEED "=%llu " SCHEDSAN_KEY_THREADS
            "=%u " SCHEDSAN_KEY_STEPS "=%llu switches=%llu preemptions=%llu "
            "picks=%llu leased=%llu " SCHEDSAN_KEY_K
            "=%llu " SCHEDSAN_KEY_REPLAYABLE "=%s\n",
            (int)getpid(), flags.strategy, (unsigned long long)flags.seed,
            rt.num_threads, (unsigned long long)rt.steps,
            (unsigned long long)rt.switches, (unsigned long long)rt.preemptions,
            (unsigned long long)rt.picks, (unsigned long long)rt.leased,
            (unsigned long long)S.steps, rt.replayable ? "yes" : "no");
}

} // namespace schedsan
