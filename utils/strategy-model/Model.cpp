//===- Model.cpp - Playing schedules of abstract programs ----------------===//
//
// FILE:
//    utils/strategy-model/Model.cpp
//
// DESCRIPTION:
//    runOnce(): the loop the runtime runs, on a model program. Every live
//    thread's pending event goes to Strategy::pick (disabled ones with
//    enabled = false), the picked one to onExecuted, then its effect is
//    applied. Threads all start before the first event, in tid order, main
//    (tid 0) first; a thread ends after its last event (no exit events: the
//    papers' examples have none).
//===----------------------------------------------------------------------===//
#include "Model.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

namespace schedsan {
namespace sim {

size_t Program::events() const {
  size_t N = 0;
  for (const auto &T : threads)
    N += T.size();
  return N;
}

bool Program::packedKey() const {
  if (events() > 16)
    return false;
  unsigned Count[kMaxObjects] = {};
  for (const auto &T : threads)
    for (const Op &O : T)
      if (++Count[O.obj] > 15)
        return false;
  return true;
}

void Program::validate() const {
  auto Die = [&](const char *Why) {
    fprintf(stderr, "schedsan-sim: program %s: %s\n", name.c_str(), Why);
    abort();
  };
  if (threads.empty() || threads.size() > kMaxThreads)
    Die("needs 1..8 threads");
  if (objects > kMaxObjects)
    Die("at most 16 objects");
  bool Sem[kMaxObjects] = {}, Mem[kMaxObjects] = {};
  for (const auto &T : threads)
    for (const Op &O : T) {
      if (O.obj >= objects)
        Die("object out of range");
      bool IsSem = O.kind == OpKind::Wait || O.kind == OpKind::Signal;
      (IsSem ? Sem : Mem)[O.obj] = true;
      if (O.check != Check::None && O.kind != OpKind::Read)
        Die("only reads check values");
    }
  for (unsigned I = 0; I != objects; ++I)
    if (Sem[I] && Mem[I])
      Die("an object is either a semaphore or memory");
}

void Program::finalize() {
  validate();
  packed = packedKey();
  unsigned G = 0;
  for (unsigned T = 0; T != threads.size(); ++T) {
    base[T] = G;
    G += threads[T].size();
  }
  eventTable.clear();
  for (unsigned T = 0; T != threads.size(); ++T) {
    eventTable.emplace_back();
    for (unsigned I = 0; I != threads[T].size(); ++I)
      eventTable[T].push_back(toEvent(threads[T][I], T, I, true));
  }
}

Event toEvent(const Op &O, unsigned T, unsigned I, bool Enabled) {
  Event E;
  E.tid = T;
  switch (O.kind) {
  case OpKind::Read:
    E.kind = EventKind::Read;
    break;
  case OpKind::Write:
    E.kind = EventKind::Write;
    break;
  case OpKind::Wait:
    E.kind = EventKind::SemWait;
    break;
  case OpKind::Signal:
    E.kind = EventKind::SemPost;
    break;
  }
  E.is_write = O.isWrite();
  E.enabled = Enabled;
  E.addr = 0x1000 + 64 * uintptr_t(O.obj);
  E.size = 8;
  E.site = T * 256 + I + 1;
  E.seq = I + 1;
  return E;
}

namespace {

void checkFinalized(const Program &P) {
  if (P.eventTable.size() != P.threads.size()) {
    fprintf(stderr, "schedsan-sim: %s: finalize() was not called\n",
            P.name.c_str());
    abort();
  }
}

// The machine: thread positions, object values, key state.
struct Machine {
  const Program &P;
  unsigned Pos[kMaxThreads] = {};
  int32_t Val[kMaxObjects] = {};
  KeyState KS;
  uint64_t Key = 0;
  Outcome Out;

  explicit Machine(const Program &P) : P(P) {
    for (unsigned I = 0; I != P.objects && I != P.init.size(); ++I)
      Val[I] = P.init[I];
  }

  bool done(unsigned T) const { return Pos[T] == P.threads[T].size(); }

  bool enabled(unsigned T) const {
    const Op &O = P.threads[T][Pos[T]];
    return O.kind != OpKind::Wait || Val[O.obj] > 0;
  }

  void execute(unsigned T) {
    const Op &O = P.threads[T][Pos[T]];
    Key = addToKey(Key, P.packed, P.base[T] + Pos[T],
                   KS.index(O, P.readsCommute));
    KS.apply(O);
    switch (O.kind) {
    case OpKind::Read:
      if (Out.failedThread < 0 &&
          ((O.check == Check::Eq && Val[O.obj] != O.value) ||
           (O.check == Check::Ne && Val[O.obj] == O.value))) {
        Out.failedThread = int(T);
        Out.failedOp = int(Pos[T]);
      }
      break;
    case OpKind::Write:
      Val[O.obj] = O.value;
      break;
    case OpKind::Wait:
      assert(Val[O.obj] > 0);
      --Val[O.obj];
      break;
    case OpKind::Signal:
      ++Val[O.obj];
      break;
    }
    ++Pos[T];
  }
};

} // namespace

Outcome runOnce(const Program &P, Strategy &S, const StrategyOptions &Opts,
                uint64_t Seed, std::vector<uint8_t> *Order, Driver D,
                std::vector<Decision> *Record) {
  Machine M(P);
  const unsigned NT = P.threads.size();
  const bool AsRuntime = D != Driver::Sim;
  S.beginRun(Opts, Seed);
  for (unsigned T = 0; T != NT; ++T)
    S.onThreadStart(T, T ? 0 : kNoTid);
  for (unsigned T = 0; T != NT; ++T)
    if (M.done(T))
      S.onThreadEnd(T);
  checkFinalized(P);
  // Pending[0..N): the pending event of every live thread, in tid order;
  // only the executed thread's entry changes, and waits' enabled flags.
  Event Pending[kMaxThreads];
  size_t N = 0;
  for (unsigned T = 0; T != NT; ++T)
    if (!M.done(T))
      Pending[N++] = P.eventTable[T][0];
  // Where each decision is made (Strategy.h's Point): the step, the points
  // with two or more enabled threads so far, the thread that ran last.
  Point At;
  // The lease in force, as in the runtime (schedsan_rtl.h).
  Tid Holder = kNoTid;
  uint64_t Left = 0, Used = 0;
  auto EndLease = [&] {
    if (Holder == kNoTid)
      return;
    S.endLease(Used);
    M.Out.leased += Used;
    Holder = kNoTid;
    Left = Used = 0;
  };
  for (;;) {
    if (!N)
      break;
    size_t Enabled = 0;
    Tid Only = kNoTid;
    for (size_t I = 0; I != N; ++I) {
      Event &E = Pending[I];
      if (E.kind == EventKind::SemWait)
        E.enabled = M.enabled(E.tid);
      if (E.enabled)
        ++Enabled, Only = E.tid;
    }
    if (!Enabled) {
      M.Out.deadlock = true;
      break;
    }
    At.step = M.Out.steps + 1;
    At.counted += Enabled >= 2;
    size_t I = 0;
    Tid Picked = kNoTid;
    if (Holder != kNoTid) {
      while (Pending[I].tid != Holder)
        ++I;
      // Only the holder's non-yield memory events pass under its lease;
      // nothing else ran, so no enabled flag changed since the grant.
      if (Left && isMemoryKind(Pending[I].kind) && !Pending[I].is_yield) {
        Picked = Holder;
        --Left;
        ++Used;
      } else {
        EndLease();
      }
    }
    if (Picked == kNoTid) {
      Picked = AsRuntime && Enabled == 1 ? Only : S.pick(Pending, N, At);
      if (Record && Enabled >= 2 && Picked != At.current)
        Record->push_back({At.step, Picked, 0});
      I = 0;
      while (I != N && Pending[I].tid != Picked)
        ++I;
      if (I == N || !Pending[I].enabled) {
        fprintf(stderr, "schedsan-sim: %s picked %u, not an enabled thread\n",
                S.name(), Picked);
        abort();
      }
      if (!AsRuntime || N > 1)
        S.onExecuted(Pending[I], Pending, N);
      if (D == Driver::RuntimeLeases && N > 1 &&
          isMemoryKind(Pending[I].kind) && !Pending[I].is_yield) {
        Left = S.grantLease(Pending[I], Pending, N, At);
        if (Left)
          Holder = Picked;
      }
    }
    M.execute(Picked);
    ++M.Out.steps;
    At.current = Picked;
    if (Order)
      Order->push_back(uint8_t(Picked));
    if (M.done(Picked)) {
      for (size_t J = I; J + 1 < N; ++J)
        Pending[J] = Pending[J + 1];
      --N;
      EndLease();
      S.onThreadEnd(Picked);
      At.current = kNoTid;
    } else {
      Pending[I] = P.eventTable[Picked][M.Pos[Picked]];
    }
  }
  EndLease();
  M.Out.key = M.Key;
  M.Out.summary = S.endRun(At.counted);
  return M.Out;
}

Outcome replay(const Program &P, const std::vector<uint8_t> &Order) {
  checkFinalized(P);
  Machine M(P);
  for (uint8_t T : Order) {
    if (T >= P.threads.size() || M.done(T) || !M.enabled(T)) {
      fprintf(stderr, "schedsan-sim: %s: infeasible order at thread %u\n",
              P.name.c_str(), T);
      abort();
    }
    M.execute(T);
    ++M.Out.steps;
  }
  for (unsigned T = 0; T != P.threads.size(); ++T)
    if (!M.done(T)) {
      fprintf(stderr, "schedsan-sim: %s: order leaves thread %u unfinished\n",
              P.name.c_str(), T);
      abort();
    }
  M.Out.key = M.Key;
  return M.Out;
}

} // namespace sim
} // namespace schedsan
