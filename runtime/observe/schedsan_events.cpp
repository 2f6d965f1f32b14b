//===- schedsan_events.cpp - The executed-event log -----------------------===//
//
// FILE:
//    runtime/observe/schedsan_events.cpp
//
// DESCRIPTION:
//    See schedsan_events.h. The file is opened at the first record (in the
//    run itself, so a fork server's children each write their own); the
//    end of the run, however it ends (an exit, or dieNow after a report),
//    writes the X record and flushes. Blocked threads are followed by tid:
//    a B record when a thread's wait begins or what it waits for changes, a
//    U record when it ends, so the log stays one line a step.
//===----------------------------------------------------------------------===//
#include "observe/schedsan_events.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_log.h"
#include "core/schedsan_sync.h"
#include "schedsan/schedsan_protocol.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

namespace schedsan {

namespace {

constexpr unsigned kBufSize = 1 << 16;
constexpr unsigned kMaxRecord = 2048;
constexpr unsigned kMaxTids = 4096; // threads followed (seen, blocked)

int Fd = -1;
bool Ended = false;
char Buf[kBufSize];
RawWriter Out(-1, Buf, kBufSize, kMaxRecord);
bool Seen[kMaxTids];
uint32_t WaitHash[kMaxTids]; // 0: not blocked

void endAtDeath(int Code);

bool open() {
  if (Fd >= 0)
    return true;
  if (Ended)
    return false;
  Fd = ::open(flags.events, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (Fd < 0) {
    rawPrintf("==%d==" SCHEDSAN_REPORT_WARNING "cannot write events=%s\n",
              (int)getpid(), flags.events);
    Ended = true;
    return false;
  }
  Out.setFd(Fd);
  setBeforeDie(endAtDeath);
  Out.put("# schedsan events v1\n");
  return true;
}

// Tabs and newlines would split a field: a site's strings are printed
// with them as spaces.
void clean(char *S) {
  for (; *S; ++S)
    if (*S == '\t' || *S == '\n')
      *S = ' ';
}

void siteText(const schedsan_site *S, char *Out, unsigned Size) {
  if (S)
    snprintf(Out, Size, "%s:%u:%u in %s", S->file, S->line, S->column,
             S->function);
  else
    snprintf(Out, Size, "-");
  clean(Out);
}

void whereText(const ThreadState *T, char *Out, unsigned Size) {
  Dl_info Info;
  if (T->site)
    siteText(T->site, Out, Size);
  else if (T->pc && dladdr(T->pc, &Info) && Info.dli_sname)
    snprintf(Out, Size, "%s+0x%zx", Info.dli_sname,
             (size_t)((const char *)T->pc - (const char *)Info.dli_saddr));
  else if (T->pc && dladdr(T->pc, &Info) && Info.dli_fname)
    snprintf(Out, Size, "pc %p (%s+0x%zx)", T->pc, Info.dli_fname,
             (size_t)((const char *)T->pc - (const char *)Info.dli_fbase));
  else if (T->pc)
    snprintf(Out, Size, "pc %p", T->pc);
  else
    snprintf(Out, Size, "-");
  clean(Out);
}

uint32_t hash(const char *S) {
  uint32_t H = 2166136261u;
  for (; *S; ++S)
    H = (H ^ (unsigned char)*S) * 16777619u;
  return H | 1; // never 0, which means "not blocked"
}

// New threads, and the blocked ones whose wait began, changed or ended.
void recordThreads() {
  for (unsigned I = 0; I != rt.num_live; ++I) {
    const ThreadState *T = rt.live[I];
    if (T->tid >= kMaxTids)
      continue;
    if (!Seen[T->tid]) {
      Seen[T->tid] = true;
      if (T->parent == kNoTid)
        Out.put("T\t%u\t-\n", T->tid);
      else
        Out.put("T\t%u\t%u\n", T->tid, T->parent);
    }
    const Event &E = rt.pending[I];
    const bool Blocked = !E.enabled && !isAway(T);
    if (!Blocked) {
      if (WaitHash[T->tid])
        Out.put("U\t%llu\t%u\n", (unsigned long long)rt.steps, T->tid);
      WaitHash[T->tid] = 0;
      continue;
    }
    char What[256];
    describeWait(T, E, What, sizeof(What));
    clean(What);
    const uint32_t H = hash(What);
    if (H != WaitHash[T->tid])
      Out.put("B\t%llu\t%u\t%s\n", (unsigned long long)rt.steps, T->tid, What);
    WaitHash[T->tid] = H;
  }
}

void end(const char *How, int Code) {
  if (Ended || !open())
    return;
  recordThreads();
  const ThreadState *T = rt.current;
  if (T) {
    char Where[1024];
    whereText(T, Where, sizeof(Where));
    Out.put("X\t%llu\t%s\t%d\t%u\t%s\t%s\n", (unsigned long long)rt.steps, How,
            Code, T->tid, eventKindName(rt.pending[T->slot].kind), Where);
  } else {
    Out.put("X\t%llu\t%s\t%d\t-\t-\t-\n", (unsigned long long)rt.steps, How,
            Code);
  }
  Out.flush();
  Ended = true;
}

void endAtDeath(int Code) { end("die", Code); }

} // namespace

void eventsRecordPick(const ThreadState *From, const ThreadState *Next) {
  if (!open())
    return;
  recordThreads();
  const Event &E = rt.pending[Next->slot];
  const bool Switch = From != Next;
  const bool Preempt = Switch && From && !From->finished && !isAway(From) &&
                       rt.pending[From->slot].enabled;
  char Where[1024], After[1024];
  whereText(Next, Where, sizeof(Where));
  siteText(Next->last_site == Next->site ? nullptr : Next->last_site, After,
           sizeof(After));
  Out.put("E\t%llu\t%u\t%s\t%s\t%s\t%s\n", (unsigned long long)rt.steps,
          Next->tid, eventKindName(E.kind),
          Preempt      ? "p"
          : Switch     ? "s"
          : E.is_yield ? "y"
                       : "-",
          Where, After);
}

void eventsEndExit(int Status) { end("exit", Status); }

namespace {
bool eventsObserve() { return *flags.events != 0; }
void eventsPicked(ThreadState *From, ThreadState *Next) {
  eventsRecordPick(From, Next);
}
void eventsPassed(ThreadState *T) { eventsRecordPick(T, T); }
void eventsExited(int Status) {
  if (*flags.events)
    eventsEndExit(Status);
}
} // namespace

// Every step is a pick of the timeline's: no leases with events=.
const Observer kEventsObserver = {"events", nullptr,      eventsObserve,
                                  true,     eventsPicked, eventsPassed,
                                  nullptr,  nullptr,      eventsExited};

} // namespace schedsan
