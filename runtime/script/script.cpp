//===- script.cpp - The test-script library -------------------------------===//
//
// FILE:
//    runtime/script/script.cpp
//
// DESCRIPTION:
//    <schedsan/script.h> on the runtime's commands
//    (schedsan_script_abi.h): predicates, thread sets, and the high-level
//    library of the Concurrit paper's Figure 8 written on select, release
//    and choose. Linked (as libschedsan_script.a) into programs that define
//    a script; uses the C++ library, unlike the runtime.
//===----------------------------------------------------------------------===//
#include "schedsan/script.h"
#include "schedsan/schedsan_interface.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>

namespace schedsan {
namespace script {

namespace {

// Name without its parameter list ("ns::f(int)" -> "ns::f").
std::string withoutParameters(const std::string &Name) {
  size_t Paren = Name.find('(');
  return Paren == std::string::npos ? Name : Name.substr(0, Paren);
}

std::string demangled(const char *Linkage) {
  int Status = 0;
  char *D = abi::__cxa_demangle(Linkage, nullptr, nullptr, &Status);
  std::string Out = Status == 0 && D ? D : Linkage;
  free(D);
  return Out;
}

// Commands that wait bound the steps of the whole command.
struct Wait {
  explicit Wait(const char *What) { __schedsan_script_wait_begin(What); }
  ~Wait() { __schedsan_script_wait_end(); }
};

} // namespace

std::string Event::describe() const {
  char Buf[512];
  int N = snprintf(Buf, sizeof(Buf), "T%u %s", tid.id(), raw.name);
  if (raw.kind == SCHEDSAN_SEV_MEMORY && raw.size)
    N += snprintf(Buf + N, sizeof(Buf) - N, " of %zu bytes at %p",
                  (size_t)raw.size, (void *)raw.addr);
  if (raw.kind == SCHEDSAN_SEV_CONTROL)
    N += snprintf(Buf + N, sizeof(Buf) - N, " %d", (int)raw.addr);
  std::string Out(Buf);
  if (raw.function)
    Out += " in " + demangled(raw.function);
  if (raw.site && raw.site->line)
    Out += " (" + std::string(raw.site->file) + ":" +
           std::to_string(raw.site->line) + ")";
  return Out;
}

bool Fn::matches(const void *Address, const char *LinkageName) const {
  if (Addr)
    return Address == Addr;
  if (!LinkageName)
    return false;
  if (Name == LinkageName)
    return true;
  std::string D = demangled(LinkageName);
  return Name == D || Name == withoutParameters(D);
}

bool Pred::operator()(const Event &E) const {
  if (F)
    return (*F)(E);
  if (Kind == kAnyKind)
    return true;
  if (E.raw.kind != Kind)
    return false;
  return (!(Access & kReads) || E.readsMem()) &&
         (!(Access & kWrites) || E.writesMem());
}

Pred operator&&(const Pred &A, const Pred &B) {
  return Pred([A, B](const Event &E) { return A(E) && B(E); });
}
Pred operator||(const Pred &A, const Pred &B) {
  return Pred([A, B](const Event &E) { return A(E) || B(E); });
}
Pred operator!(const Pred &A) {
  return Pred([A](const Event &E) { return !A(E); });
}

Pred MemPred::operator()(const volatile void *Addr) const {
  const uintptr_t A = (uintptr_t)Addr;
  const bool W = Write;
  return Pred([A, W](const Event &E) {
    if (!(W ? E.writesMem() : E.readsMem()))
      return false;
    const uintptr_t Size = E.raw.size ? E.raw.size : 1;
    // A memcpy reads its source (addr2) and writes its destination.
    const uintptr_t Base = !W && E.raw.addr2 ? E.raw.addr2 : E.raw.addr;
    return A >= Base && A - Base < Size;
  });
}

Pred FuncPred::operator()(Fn F) const {
  const uint32_t K = Kind;
  return Pred([K, F](const Event &E) {
    if (E.raw.kind != K)
      return false;
    // A call names its callee by address only; entries and exits also by
    // the function's name.
    return K == SCHEDSAN_SEV_CALL
               ? F.matches(reinterpret_cast<const void *>(E.raw.addr), nullptr)
               : F.matches(reinterpret_cast<const void *>(E.raw.addr),
                           E.raw.function);
  });
}

Pred ControlPred::operator()(int Label) const {
  return Pred([Label](const Event &E) {
    return E.raw.kind == SCHEDSAN_SEV_CONTROL && (int)E.raw.addr == Label;
  });
}

// Constant-initialized (checked): usable from other files' static
// initializers.
#define SCHEDSAN_CONSTANT [[clang::require_constant_initialization]]
SCHEDSAN_CONSTANT const Pred ThreadStarts(SCHEDSAN_SEV_THREAD_START, 0);
SCHEDSAN_CONSTANT const Pred ThreadEnds(SCHEDSAN_SEV_THREAD_END, 0);
SCHEDSAN_CONSTANT const Pred AnyEvent(Pred::kAnyKind, 0);
SCHEDSAN_CONSTANT const MemPred ReadsMem(false);
SCHEDSAN_CONSTANT const MemPred WritesMem(true);
SCHEDSAN_CONSTANT const FuncPred EntersFunc(SCHEDSAN_SEV_FUNC_ENTRY);
SCHEDSAN_CONSTANT const FuncPred ReturnsFunc(SCHEDSAN_SEV_FUNC_EXIT);
SCHEDSAN_CONSTANT const FuncPred CallsFunc(SCHEDSAN_SEV_CALL);
SCHEDSAN_CONSTANT const ControlPred AtControl;
#undef SCHEDSAN_CONSTANT

Pred InFunc(Fn F) {
  return Pred([F](const Event &E) { return InFunc(E.tid, F); });
}

ThreadSet::ThreadSet(const std::vector<Tid> &Ts) {
  for (Tid T : Ts)
    Listed.push_back(T.id());
}

ThreadSet operator+(ThreadSet S, Tid T) {
  auto It = std::find(S.Listed.begin(), S.Listed.end(), T.id());
  if (S.All && It != S.Listed.end())
    S.Listed.erase(It);
  else if (!S.All && It == S.Listed.end())
    S.Listed.push_back(T.id());
  return S;
}

ThreadSet operator-(ThreadSet S, Tid T) {
  auto It = std::find(S.Listed.begin(), S.Listed.end(), T.id());
  if (!S.All && It != S.Listed.end())
    S.Listed.erase(It);
  else if (S.All && It == S.Listed.end())
    S.Listed.push_back(T.id());
  return S;
}

bool ThreadSet::contains(Tid T) const {
  bool In = std::find(Listed.begin(), Listed.end(), T.id()) != Listed.end();
  return All ? !In : In;
}

const ThreadSet AnyThread = ThreadSet::all();

Event select(const ThreadSet &T) {
  Event E;
  __schedsan_script_select(T.All, T.Listed.data(), T.Listed.size(), &E.raw);
  E.tid = Tid(E.raw.tid);
  return E;
}

void release(const ThreadSet &T) {
  __schedsan_script_release(T.All, T.Listed.data(), T.Listed.size());
}

int choose(int N) { return N <= 1 ? 0 : (int)__schedsan_script_choose(N); }

Tid WaitForThread(const ThreadSet &T, const Pred &P) {
  Wait W("WaitForThread");
  for (;;) {
    Event E = select(T);
    if (P(E))
      return E.tid;
    release(E.tid);
  }
}

Tid WaitForThread(const Pred &P) { return WaitForThread(AnyThread, P); }

std::vector<Tid> WaitForDistinctThreads(int N, const Pred &P) {
  ThreadSet T = AnyThread;
  std::vector<Tid> Ts;
  while (0 < N--) {
    Tid Found = WaitForThread(T, P);
    Ts.push_back(Found);
    T = T - Found;
  }
  return Ts;
}

void RunThreadsUntil(const std::vector<Tid> &Ts, const Pred &P) {
  Wait W("RunThreadsUntil");
  ThreadSet T(Ts);
  release(T);
  for (size_t C = Ts.size(); C-- > 0;) {
    // WaitForThread, within this command's bound; a thread that cannot
    // go on (it waits for a lock another thread holds, ...) stops there
    // too, so that the script can let another thread go on.
    for (;;) {
      Event E = select(T);
      if (P(E) || !E.raw.enabled) {
        T = T - E.tid;
        break;
      }
      release(E.tid);
    }
  }
}

void RunThreadUntil(Tid T, const Pred &P) {
  RunThreadsUntil(std::vector<Tid>{T}, P);
}

Tid ChooseThread(const std::vector<Tid> &Ts) {
  std::vector<uint32_t> Ids;
  for (Tid T : Ts)
    Ids.push_back(T.id());
  return Ts[__schedsan_script_choose_thread(Ids.data(), Ids.size())];
}

int Choose(int N) { return choose(N); }

bool HasEnded(Tid T) { return __schedsan_script_has_ended(T.id()); }

bool InFunc(Tid T, Fn F) {
  const void *Fns[64];
  const char *Names[64];
  size_t N = __schedsan_script_stack(T.id(), Fns, Names, 64);
  for (size_t I = 0; I != std::min<size_t>(N, 64); ++I)
    if (F.matches(Fns[I], Names[I]))
      return true;
  return false;
}

} // namespace script
} // namespace schedsan
