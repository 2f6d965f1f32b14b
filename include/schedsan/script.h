//===- script.h - Test scripts that control the schedule -------*- C++ -*-===//
//
// FILE:
//    include/schedsan/script.h
//
// DESCRIPTION:
//    Concurrit-style test scripts (Elmas, Burnim, Necula, Sen, PLDI 2013).
//    A script is C++ linked into the program under test:
//
//      #include <schedsan/script.h>
//      using namespace schedsan::script;
//      SCHEDSAN_SCRIPT(TwoWriters) {
//        std::vector<Tid> T = WaitForDistinctThreads(2, ThreadStarts);
//        while (!HasEnded(T[0]) || !HasEnded(T[1]))
//          RunThreadUntil(ChooseThread(T), ReadsMem || WritesMem ||
//          ThreadEnds);
//      }
//
//    and runs with SCHEDSAN_OPTIONS=script=TwoWriters (one schedule, the
//    random oracle) or `schedsan run --script TwoWriters --search dfs`
//    (every schedule it describes). Every thread blocks before each event;
//    only threads the script released run, each until its next event; the
//    others stay blocked while the script runs. When it returns, the run
//    goes on under a fair random schedule.
//
//    The low level (§3-4 of the paper): select waits for a thread of a set
//    to block before an event and returns the event, release lets threads
//    perform their events, choose asks the oracle. The library (§5,
//    Figure 8) is written on them: WaitForThread, WaitForDistinctThreads,
//    RunThreadUntil, RunThreadsUntil, ChooseThread, Choose, HasEnded,
//    InFunc. Predicates on events combine with &&, || and !.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_SCRIPT_API_H
#define SCHEDSAN_SCRIPT_API_H

#include "schedsan/schedsan_script_abi.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace schedsan {
namespace script {

// A thread of the program under test (the runtime's tid: T0 is main).
class Tid {
public:
  Tid() = default;
  explicit Tid(uint32_t Id) : Id(Id) {}
  uint32_t id() const { return Id; }
  bool valid() const { return Id != UINT32_MAX; }
  friend bool operator==(Tid A, Tid B) { return A.Id == B.Id; }
  friend bool operator!=(Tid A, Tid B) { return A.Id != B.Id; }

private:
  uint32_t Id = UINT32_MAX;
};

// An event a thread is blocked before.
struct Event {
  Tid tid;
  schedsan_script_event raw; // kind, address, site: schedsan_script_abi.h
  bool readsMem() const { return raw.kind == SCHEDSAN_SEV_MEMORY && raw.reads; }
  bool writesMem() const {
    return raw.kind == SCHEDSAN_SEV_MEMORY && raw.writes;
  }
  // "T1 read of 8 bytes at 0x... in f (file.c:12:3)", for messages.
  std::string describe() const;
};

// A function, by address or by name (a static function of the program
// can only be named): the linkage name, the demangled name, or the
// demangled name without its parameters ("Queue::push").
class Fn {
public:
  template <class R, class... A>
  Fn(R (*F)(A...)) : Addr(reinterpret_cast<const void *>(F)) {}
  Fn(const char *Name) : Name(Name) {}
  Fn(std::string Name) : Name(std::move(Name)) {}
  bool matches(const void *Address, const char *LinkageName) const;

private:
  const void *Addr = nullptr;
  std::string Name;
};

// A predicate on events. The library's own (ThreadStarts, ReadsMem, ...)
// are constant-initialized: a script file may combine them in its static
// initializers.
class Pred {
public:
  explicit Pred(std::function<bool(const Event &)> F)
      : F(std::make_shared<const std::function<bool(const Event &)>>(
            std::move(F))) {}
  bool operator()(const Event &E) const;
  friend Pred operator&&(const Pred &A, const Pred &B);
  friend Pred operator||(const Pred &A, const Pred &B);
  friend Pred operator!(const Pred &A);

  // The events of one kind (SCHEDSAN_SEV_*; kAnyKind: all), for memory
  // those that read (kReads) or write (kWrites).
  static constexpr uint32_t kAnyKind = UINT32_MAX;
  static constexpr uint32_t kReads = 1, kWrites = 2;
  constexpr Pred(uint32_t Kind, uint32_t Access) : Kind(Kind), Access(Access) {}

private:
  uint32_t Kind = kAnyKind;
  uint32_t Access = 0;
  std::shared_ptr<const std::function<bool(const Event &)>> F;
};

// Predicates usable alone (ReadsMem) or with an argument (ReadsMem(&x)).
struct MemPred : Pred {
  constexpr explicit MemPred(bool Write)
      : Pred(SCHEDSAN_SEV_MEMORY, Write ? kWrites : kReads), Write(Write) {}
  Pred operator()(const volatile void *Addr) const; // the access covers Addr
  using Pred::operator();
  bool Write;
};
struct FuncPred : Pred {
  constexpr explicit FuncPred(uint32_t Kind) : Pred(Kind, 0), Kind(Kind) {}
  Pred operator()(Fn F) const; // this function's entry, exit or call
  using Pred::operator();
  uint32_t Kind;
};
struct ControlPred : Pred {
  constexpr ControlPred() : Pred(SCHEDSAN_SEV_CONTROL, 0) {}
  Pred operator()(int Label) const; // SCHEDSAN_CONTROL_POINT(Label)
  using Pred::operator();
};

extern const Pred ThreadStarts; // the thread's first event
extern const Pred ThreadEnds;   // the thread's last event
extern const Pred AnyEvent;
extern const MemPred ReadsMem;     // loads, read-modify-writes, memcpy sources
extern const MemPred WritesMem;    // stores, read-modify-writes, memcpy, memset
extern const FuncPred EntersFunc;  // needs -fsanitize-schedule=script
extern const FuncPred ReturnsFunc; // (function enter/return/call events)
extern const FuncPred CallsFunc;
extern const ControlPred AtControl;
// The event's thread is inside F (entered, not returned).
Pred InFunc(Fn F);

// A set of threads (the paper's thread expressions): AnyThread, a Tid,
// T + t, T - t.
class ThreadSet {
public:
  ThreadSet(Tid T) : Listed{T.id()} {}
  ThreadSet(const std::vector<Tid> &Ts);
  static ThreadSet all() { return ThreadSet(); }
  friend ThreadSet operator+(ThreadSet S, Tid T);
  friend ThreadSet operator-(ThreadSet S, Tid T);
  bool contains(Tid T) const;

private:
  ThreadSet() : All(true) {}
  bool All = false;
  std::vector<uint32_t> Listed; // with All: the threads taken out
  friend Event select(const ThreadSet &T);
  friend void release(const ThreadSet &T);
};
extern const ThreadSet AnyThread;

// §3: waits until a thread of T is blocked before an event the script has
// not released, and returns the earliest such event. A select that cannot
// be satisfied ends the run as a script timeout.
Event select(const ThreadSet &T);
// Lets the threads of T that are blocked before an event perform it.
void release(const ThreadSet &T);
// §4: the oracle's value in [0, N).
int choose(int N);

// §5 (Figure 8).
Tid WaitForThread(const ThreadSet &T, const Pred &P);
Tid WaitForThread(const Pred &P); // any thread
std::vector<Tid> WaitForDistinctThreads(int N, const Pred &P);
// Releases each thread of Ts (its event is performed) and keeps releasing
// it until it is blocked before an event that matches P, or before one it
// cannot perform now (a lock another thread holds, a condition not yet
// signaled, a join of a running thread): that one is for the script to
// schedule, by letting another thread go on.
void RunThreadsUntil(const std::vector<Tid> &Ts, const Pred &P);
void RunThreadUntil(Tid T, const Pred &P);
// One of Ts that has not ended and can go on now, chosen by the oracle
// (the context bound applies: schedsan run --context-bound).
Tid ChooseThread(const std::vector<Tid> &Ts);
int Choose(int N);
// T is blocked at, or past, its thread-end event.
bool HasEnded(Tid T);
// T is inside F.
bool InFunc(Tid T, Fn F);

// SCHEDSAN_SCRIPT(Name)'s registration.
struct Registrar {
  Registrar(const char *Name, void (*Body)()) {
    __schedsan_script_register(Name, Body);
  }
};

} // namespace script
} // namespace schedsan

// Defines the script Name (SCHEDSAN_OPTIONS=script=Name).
#define SCHEDSAN_SCRIPT(Name)                                                  \
  static void schedsan_script_##Name();                                        \
  static ::schedsan::script::Registrar schedsan_script_registrar_##Name(       \
      #Name, schedsan_script_##Name);                                          \
  static void schedsan_script_##Name()

#endif // SCHEDSAN_SCRIPT_API_H
