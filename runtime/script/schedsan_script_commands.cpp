//===- schedsan_script_commands.cpp - What a test script can ask ----------===//
//
// FILE:
//    runtime/script/schedsan_script_commands.cpp
//
// DESCRIPTION:
//    The commands of include/schedsan/schedsan_script_abi.h, called on the
//    script's thread while the run waits for it: select, release, the
//    facts predicates need. choose and ChooseThread ask the oracle
//    (schedsan_script_oracle.cpp).
//===----------------------------------------------------------------------===//
#include "schedsan/schedsan_interface.h"
#include "schedsan/schedsan_script_abi.h"
#include "script/schedsan_script_state.h"

namespace schedsan {

namespace {

// The thread of a tid a script holds, if it still lives.
ThreadState *liveThread(uint32_t Tid) {
  if (Tid >= rt.num_threads)
    return nullptr;
  ThreadState *T = rt.threads[Tid];
  return T && !T->finished ? T : nullptr;
}

uint32_t scriptKind(EventKind K) {
  switch (K) {
  case EventKind::FuncEntry:
    return SCHEDSAN_SEV_FUNC_ENTRY;
  case EventKind::FuncExit:
    return SCHEDSAN_SEV_FUNC_EXIT;
  case EventKind::Call:
    return SCHEDSAN_SEV_CALL;
  case EventKind::Control:
    return SCHEDSAN_SEV_CONTROL;
  case EventKind::ThreadStart:
    return SCHEDSAN_SEV_THREAD_START;
  case EventKind::ThreadExit:
    return SCHEDSAN_SEV_THREAD_END;
  default:
    return isMemoryKind(K) ? SCHEDSAN_SEV_MEMORY : SCHEDSAN_SEV_OTHER;
  }
}

bool reads(EventKind K) {
  return K == EventKind::Read || K == EventKind::Update ||
         K == EventKind::AtomicLoad || K == EventKind::AtomicRMW ||
         K == EventKind::AtomicCmpXchg || K == EventKind::MemTransfer;
}

bool writes(EventKind K) {
  return K == EventKind::Write || K == EventKind::Update ||
         K == EventKind::AtomicStore || K == EventKind::AtomicRMW ||
         K == EventKind::AtomicCmpXchg || K == EventKind::MemTransfer ||
         K == EventKind::MemSet;
}

// Whether a select of the script could be answered by T now.
bool blockedForScript(const ThreadState *T) {
  return !T->finished && !isAway(T) && !T->script_released &&
         T->script_seq != 0;
}

} // namespace

bool scriptCanGoOn(Tid Tid) {
  ThreadState *T = liveThread(Tid);
  return T && !isAway(T) && rt.pending[T->slot].enabled;
}

bool scriptInWaitSet(Tid T) {
  bool Listed = false;
  for (size_t I = 0; I != script->num_tids; ++I)
    Listed |= script->tids[I] == T;
  return script->all ? !Listed : Listed;
}

ThreadState *scriptCandidate() {
  if (!script->waiting)
    return nullptr;
  ThreadState *Best = nullptr;
  for (unsigned I = 0; I != rt.num_live; ++I) {
    ThreadState *T = rt.live[I];
    if (blockedForScript(T) && scriptInWaitSet(T->tid) &&
        (!Best || T->script_arrival < Best->script_arrival))
      Best = T;
  }
  return Best;
}

void scriptDescribe(const ThreadState *T, schedsan_script_event *Out) {
  const Event &E = rt.pending[T->slot];
  *Out = {};
  Out->tid = T->tid;
  Out->kind = scriptKind(E.kind);
  Out->name = eventKindName(E.kind);
  Out->addr = E.addr;
  Out->size = E.size;
  Out->addr2 = E.addr2;
  Out->reads = reads(E.kind);
  Out->writes = writes(E.kind);
  Out->site = T->site;
  Out->enabled = !isAway(T) && E.enabled;
  Out->function = T->site ? T->site->function : nullptr;
  if (E.kind == EventKind::ThreadExit || E.kind == EventKind::ThreadStart)
    Out->addr = 0;
}

} // namespace schedsan

using namespace schedsan;

extern "C" {

void __schedsan_script_select(int All, const uint32_t *Tids, size_t N,
                              schedsan_script_event *Out) {
  script->all = All;
  script->tids = Tids;
  script->num_tids = N;
  script->out = Out;
  script->waiting = true;
  if (!script->in_wait) {
    script->wait_start = rt.steps;
    script->wait_what = "select";
  }
  if (ThreadState *C = scriptCandidate()) {
    scriptDescribe(C, Out);
    script->waiting = false;
    return;
  }
  // The run goes on until a thread of the set arrives (scriptPick).
  scriptHandBack();
  scriptWaitTurn();
}

void __schedsan_script_release(int All, const uint32_t *Tids, size_t N) {
  for (unsigned I = 0; I != rt.num_live; ++I) {
    ThreadState *T = rt.live[I];
    bool Listed = false;
    for (size_t J = 0; J != N; ++J)
      Listed |= Tids[J] == T->tid;
    if (Listed != (bool)All && T->script_seq)
      T->script_released = true;
  }
}

int __schedsan_script_has_ended(uint32_t Tid) {
  ThreadState *T = liveThread(Tid);
  if (!T)
    return Tid < rt.num_threads;
  return !isAway(T) && rt.pending[T->slot].kind == EventKind::ThreadExit;
}

size_t __schedsan_script_stack(uint32_t Tid, const void **Fns,
                               const char **Names, size_t Max) {
  ThreadState *T = liveThread(Tid);
  if (!T)
    return 0;
  size_t Out = 0;
  // A thread blocked before entering a function is in it already (the
  // paper's SearchInFunc binds threads by EntersFunc(f), then loops while
  // they are InFunc(f)).
  const Event &E = rt.pending[T->slot];
  const bool Entering = !isAway(T) && E.kind == EventKind::FuncEntry;
  if (Entering && Out != Max) {
    Fns[Out] = (const void *)E.addr;
    Names[Out++] = T->site ? T->site->function : nullptr;
  }
  unsigned Depth = T->func_depth;
  unsigned Stored =
      Depth < ThreadState::kFuncStack ? Depth : ThreadState::kFuncStack;
  for (unsigned I = Stored; I-- > 0 && Out != Max; ++Out) {
    Fns[Out] = T->func_addr[I];
    Names[Out] = T->func_site[I] ? T->func_site[I]->function : nullptr;
  }
  return Depth + Entering;
}

void __schedsan_script_wait_begin(const char *What) {
  script->in_wait = true;
  script->wait_start = rt.steps;
  script->wait_what = What;
}

void __schedsan_script_wait_end(void) {
  script->in_wait = false;
  script->wait_what = nullptr;
}

void __schedsan_script_fail(const char *What) {
  script->failure = What;
  script->waiting = false;
  scriptHandBack();
  for (;;)
    scriptWaitTurn(); // the run ends; this thread is never resumed
}

} // extern "C"
