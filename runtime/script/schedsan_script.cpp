//===- schedsan_script.cpp - A test script controls the run ---------------===//
//
// FILE:
//    runtime/script/schedsan_script.cpp
//
// DESCRIPTION:
//    The run's side of a test script (schedsan_script.h): the registry of
//    scripts, the script's thread and the turns it takes with the run, and
//    the scheduling decision while a script waits in select. The commands
//    the script calls are in schedsan_script_commands.cpp.
//===----------------------------------------------------------------------===//
#include "script/schedsan_script.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_futex.h"
#include "core/schedsan_interception.h"
#include "core/schedsan_log.h"
#include "core/schedsan_time.h"
#include "observe/schedsan_search.h"
#include "schedsan/schedsan_protocol.h"
#include "script/schedsan_script_state.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

namespace schedsan {

ScriptState *script = nullptr;

namespace {

struct Registered {
  const char *name;
  void (*fn)(void);
};
constexpr unsigned kMaxScripts = 1024;
Registered Scripts[kMaxScripts];
unsigned NumScripts = 0;

void (*findScript(const char *Name))(void) {
  for (unsigned I = 0; I != NumScripts; ++I)
    if (!strcmp(Scripts[I].name, Name))
      return Scripts[I].fn;
  return nullptr;
}

// As a bad option value is refused (schedsan_flags.cpp), so that the
// runner stops at the first run instead of counting failures.
[[noreturn]] void noSuchScript() {
  char Buf[4096];
  RawWriter W(2, Buf, sizeof(Buf), 512);
  W.put("==%d==" SCHEDSAN_REPORT_ERROR "bad value '%s' for option 'script' "
        "(accepted: ",
        (int)getpid(), flags.script);
  if (!NumScripts)
    W.put("none: the program defines no SCHEDSAN_SCRIPT");
  for (unsigned I = 0; I != NumScripts; ++I)
    W.put("%s%s", I ? ", " : "the program's scripts ", Scripts[I].name);
  W.put(")" SCHEDSAN_REPORT_IN_OPTIONS "\n");
  W.flush();
  dieNow(2);
}

void *scriptMain(void *) {
  scriptWaitTurn();
  script->fn();
  script->done = true;
  script->waiting = false;
  scriptHandBack();
  return nullptr;
}

void noteArrivals(ThreadState *From);

// The first point of a run with script=: the script's thread starts.
void startScript() {
  script->fn = findScript(flags.script);
  if (!script->fn)
    noSuchScript();
  script->started = true;
  pthread_t Thread;
  pthread_attr_t Attr;
  pthread_attr_init(&Attr);
  pthread_attr_setdetachstate(&Attr, PTHREAD_CREATE_DETACHED);
  int Err = realPthreadCreate(&Thread, &Attr, scriptMain, nullptr);
  pthread_attr_destroy(&Attr);
  if (Err) {
    rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "cannot start the thread of "
              "script=%s: %s\n",
              (int)getpid(), flags.script, strerror(Err));
    dieNow(2);
  }
  // Every thread alive now has an event the script has not seen.
  for (unsigned I = 0; I != rt.num_live; ++I)
    rt.live[I]->script_seq = 0;
  noteArrivals(rt.current);
  scriptRun(); // until its first select
}

// Threads blocked before an event the script has not seen yet: the
// script's selects see them in the order they arrived; they are not
// released. From (the thread at this point) arrived last: the others' new
// events appeared while it ran (the threads it created, ...).
void noteArrival(ThreadState *T) {
  if (T->finished || isAway(T) || T->script_seq == rt.pending[T->slot].seq)
    return;
  T->script_seq = rt.pending[T->slot].seq;
  T->script_released = false;
  T->script_arrival = ++script->arrivals;
}

void noteArrivals(ThreadState *From) {
  for (unsigned I = 0; I != rt.num_live; ++I)
    if (rt.live[I] != From)
      noteArrival(rt.live[I]);
  if (From)
    noteArrival(From);
}

// Whether no live thread is in the set the script waits for.
bool waitSetEnded() {
  for (unsigned I = 0; I != rt.num_live; ++I)
    if (scriptInWaitSet(rt.live[I]->tid))
      return false;
  return true;
}

// Among the released threads that can go on: with search=dfs the one
// whose event arrived first (a search's choices alone then fix the schedule
// the script controls, whatever the seed), else one at random (seeded).
ThreadState *pickReleased() {
  const bool Dfs = searchFreshIsDfs();
  ThreadState *Chosen = nullptr;
  uint32_t Seen = 0;
  for (unsigned I = 0; I != rt.num_live; ++I) {
    ThreadState *T = rt.live[I];
    if (!T->script_released || !rt.pending[I].enabled)
      continue;
    ++Seen;
    if (Dfs ? !Chosen || T->script_arrival < Chosen->script_arrival
            : Seen == 1 || script->picks.below(Seen) == 0)
      Chosen = T; // random: reservoir sampling, each with probability 1/Seen
  }
  return Chosen;
}

} // namespace

void scriptWaitTurn() {
  while (script->turn.load(std::memory_order_acquire) == 0)
    futexWait(&script->turn, 0);
}

void scriptHandBack() {
  script->turn.store(0, std::memory_order_release);
  futexWake(&script->turn);
}

namespace {
const Controller ScriptController = {scriptPick, scriptNotePicked};
} // namespace

void scriptBeginRun() {
  delete script;
  script = nullptr;
  rt.controller = nullptr;
  if (!*flags.script || *flags.replay)
    return; // runs without a script allocate nothing
  rt.controller = &ScriptController;
  script = new ScriptState();
  script->picks.seed(flags.seed ^ 0x5c819e7ull);
  script->oracle.seed(flags.seed);
}

ScriptPick scriptPick(ThreadState *From) {
  if (!script->started)
    startScript();
  ScriptPick P;
  P.action = ScriptPick::Timeout;
  for (;;) {
    noteArrivals(From);
    if (script->failure) {
      P.timeout = script->failure;
      return P;
    }
    if (script->done) {
      rt.controller = nullptr;
      P.action = ScriptPick::Done;
      return P;
    }
    if (ThreadState *C = scriptCandidate()) {
      scriptDescribe(C, script->out);
      script->waiting = false;
      scriptRun();
      continue;
    }
    if (waitSetEnded()) {
      P.timeout = "a select waits for threads that have all ended";
      return P;
    }
    if (rt.steps - script->wait_start > flags.script_timeout) {
      static char Msg[256];
      snprintf(Msg, sizeof(Msg),
               "%s waited more than script_timeout=%llu scheduling points",
               script->wait_what ? script->wait_what : "select",
               (unsigned long long)flags.script_timeout);
      P.timeout = Msg;
      return P;
    }
    if (ThreadState *Next = pickReleased()) {
      P.action = ScriptPick::Run;
      P.next = Next;
      return P;
    }
    if (rt.num_released) {
      P.action = ScriptPick::WaitRejoin;
      return P;
    }
    if (advanceVirtualTime()) {
      P.action = ScriptPick::Retry;
      return P;
    }
    P.timeout = "a select waits, and no released thread can go on";
    return P;
  }
}

void scriptNotePicked(ThreadState *Next) {
  const Event &E = rt.pending[Next->slot];
  if (E.kind == EventKind::FuncEntry) {
    if (Next->func_depth < ThreadState::kFuncStack) {
      Next->func_addr[Next->func_depth] = (const void *)E.addr;
      Next->func_site[Next->func_depth] = Next->site;
    }
    ++Next->func_depth;
  } else if (E.kind == EventKind::FuncExit && Next->func_depth) {
    --Next->func_depth;
  }
}

void printScriptTimeout(const char *What) {
  rawPrintf("==%d==" SCHEDSAN_REPORT_SCRIPT_TIMEOUT "%s (script=%s, after %llu "
            "scheduling points)\n",
            (int)getpid(), What, flags.script, (unsigned long long)rt.steps);
}

const char *scriptWaiting() {
  if (!rt.controller || !script || !script->started || script->done ||
      script->failure)
    return nullptr;
  return script->wait_what ? script->wait_what : "select";
}

void scriptDescribeRun(char *Buf, size_t Size) {
  const char *State = !*flags.script  ? "none"
                      : *flags.replay ? "not run: the trace decides"
                      : !script || !script->started ? "not started"
                      : script->done                ? "returned"
                                                    : "still running";
  int N = snprintf(Buf, Size, "test script %s (%s)", flags.script, State);
  const ChoiceLog &Log = searchLog();
  if (Log.size() && N > 0 && (size_t)N < Size) {
    N += snprintf(Buf + N, Size - N, ", choices ");
    // Whole entries only: a long record ends at the last one that fits.
    if ((size_t)N < Size &&
        formatChoices(Log.data(), Log.size(), Buf + N, Size - N) >= Size - N)
      if (char *Cut = strrchr(Buf + N, ' '))
        *Cut = 0;
  }
}

void scriptRun() {
  script->turn.store(1, std::memory_order_release);
  futexWake(&script->turn);
  while (script->turn.load(std::memory_order_acquire) == 1)
    futexWait(&script->turn, 1);
}

namespace {
bool scriptBegins() {
  scriptBeginRun();
  return false; // it controls picks (rt.controller), watches none
}
// The program ended while its test script still waited: the script's
// select was not satisfied (its line counts the run as a script timeout).
void scriptExiting(int) {
  if (const char *Waiting = scriptWaiting()) {
    char What[128];
    snprintf(What, sizeof(What), "the program ended while %s waited", Waiting);
    printScriptTimeout(What);
  }
}
} // namespace

const Observer kScriptObserver = {"script", nullptr,       scriptBegins,
                                  false,    nullptr,       nullptr,
                                  nullptr,  scriptExiting, nullptr};

} // namespace schedsan

using namespace schedsan;

extern "C" void __schedsan_script_register(const char *Name, void (*Fn)(void)) {
  if (NumScripts == kMaxScripts) {
    rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR "more than %u test scripts in "
              "one program\n",
              (int)getpid(), kMaxScripts);
    dieNow(2);
  }
  Scripts[NumScripts++] = {Name, Fn};
}
