//===- schedsan_stack.cpp - Call stacks in reports ------------------------===//
//
// FILE:
//    runtime/report/schedsan_stack.cpp
//
// DESCRIPTION:
//    See schedsan_stack.h. Nothing here runs before a report: no cost to a
//    passing run. The unwinder is the C runtime's (_Unwind_Backtrace), the
//    symbolizer compiler-rt's (__sanitizer_symbolize_pc: the program's, or
//    loaded with dlopen); a frame belongs to the runtime when its function is
//    in namespace schedsan or its source file in the runtime's directory.
//===----------------------------------------------------------------------===//
#include "report/schedsan_stack.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_interception.h"
#include "core/schedsan_log.h"
#include "core/schedsan_rt.h"

#include <atomic>
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <unwind.h>

extern "C" {
// compiler-rt's sanitizer_common (sanitizer/common_interface_defs.h): from
// the program's own sanitizer runtime, if it links one.
__attribute__((weak)) void __sanitizer_symbolize_pc(void *Pc, const char *Fmt,
                                                    char *Out, size_t Size);
// The unwinder, weak: see findUnwinder.
#pragma weak _Unwind_Backtrace
#pragma weak _Unwind_GetIPInfo
// The C++ library's demangler, present in C++ programs.
__attribute__((weak)) char *__cxa_demangle(const char *Name, char *Buf,
                                           size_t *Len, int *Status);
}

#ifndef SCHEDSAN_RUNTIME_SOURCE_DIR
#define SCHEDSAN_RUNTIME_SOURCE_DIR "/runtime/"
#endif

namespace schedsan {

namespace {

//===----------------------------------------------------------------------===//
// Unwinding
//===----------------------------------------------------------------------===//
// The unwinder of libgcc_s (or libunwind), found at the first report: the
// runtime refers to it only weakly, so that a C program does not depend
// on libgcc_s for it.
using BacktraceFn = _Unwind_Reason_Code (*)(_Unwind_Trace_Fn, void *);
using GetIPInfoFn = uintptr_t (*)(_Unwind_Context *, int *);
BacktraceFn Backtrace;
GetIPInfoFn GetIPInfo;

bool findUnwinder() {
  if (Backtrace && GetIPInfo)
    return true;
  if (&_Unwind_Backtrace && &_Unwind_GetIPInfo) {
    Backtrace = _Unwind_Backtrace;
    GetIPInfo = _Unwind_GetIPInfo;
    return true;
  }
  void *Lib = dlopen("libgcc_s.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Lib)
    return false;
  Backtrace = (BacktraceFn)dlsym(Lib, "_Unwind_Backtrace");
  GetIPInfo = (GetIPInfoFn)dlsym(Lib, "_Unwind_GetIPInfo");
  return Backtrace && GetIPInfo;
}

_Unwind_Reason_Code addFrame(_Unwind_Context *C, void *Arg) {
  Stack &S = *static_cast<Stack *>(Arg);
  int BeforeInsn = 0;
  uintptr_t Ip = GetIPInfo(C, &BeforeInsn);
  if (!Ip)
    return _URC_END_OF_STACK;
  S.pc[S.size++] = BeforeInsn ? Ip + 1 : Ip; // an interrupted frame: +1
  return S.size == kMaxFrames ? _URC_END_OF_STACK : _URC_NO_REASON;
}

// Another thread's stack: the reporter names the thread and the buffer,
// signals it and waits; the thread's handler unwinds into the buffer.
std::atomic<const ThreadState *> CaptureTarget{nullptr};
Stack *CaptureOut;
std::atomic<int> CaptureDone{0};

void onCaptureSignal(int) {
  const int SavedErrno = errno;
  ThreadState *T = cur_thread;
  if (T && CaptureTarget.load(std::memory_order_acquire) == T) {
    // The unwinder's first use calls pthread_once, which is intercepted:
    // inside the runtime, it must not become a scheduling point.
    const Mode Saved = T->mode;
    T->mode = Mode::InRuntime;
    captureStack(*CaptureOut);
    T->mode = Saved;
    CaptureDone.store(1, std::memory_order_release);
  }
  errno = SavedErrno;
}

int captureSignal() { return SIGRTMIN + 3; }

//===----------------------------------------------------------------------===//
// Symbolization
//===----------------------------------------------------------------------===//
struct Frame {
  uintptr_t pc; // return address (the frame's call is just before)
  const char *function, *file, *module;
  unsigned line, column;
  uintptr_t offset; // in module
  enum Kind : uint8_t { User, StdLib, System, Runtime } kind;
};

constexpr unsigned kMaxExpanded = 2 * kMaxFrames;
Frame Frames[kMaxExpanded];
// The symbolizer's text, 8 KB a frame (libstdc++'s inlined calls: 3 KB).
char Arena[kMaxFrames * 8192];
bool LackedLines;  // a stack's program frames had no file:line
bool HadLines;     // a stack's program frame had file:line
bool TopHasSource; // the last laid-out stack's Top names a source line
struct {
  unsigned start, first, end; // of Frames: from start, printed from first
} Layout;

// The open-file limit while the symbolizer starts (see symbolizerReady).
struct rlimit SavedFileLimit;
bool FileLimitLowered;
constexpr rlim_t kSymbolizerFileLimit = 4096;

using SymbolizeFn = void (*)(void *, const char *, char *, size_t);
SymbolizeFn SymbolizePc;
int SymbolizerState; // 0: not asked yet, 1: ready, -1: none

// compiler-rt's UBSan runtime as a shared library (its sanitizer_common has
// the symbolizer; its start-up sets sanitizer_common's options up, reading
// UBSAN_OPTIONS), loaded at the first report. Its start-up also installs
// its fatal-signal handlers: the runtime's own are put back.
SymbolizeFn loadSymbolizer() {
  const char *Path = SCHEDSAN_SYMBOLIZER_LIBRARY;
  if (!*Path || access(Path, R_OK) != 0)
    return nullptr;
  const int Signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
  struct sigaction Saved[5];
  for (unsigned I = 0; I != 5; ++I)
    realSigaction(Signals[I], nullptr, &Saved[I]);
  void *Lib = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
  for (unsigned I = 0; I != 5; ++I)
    realSigaction(Signals[I], &Saved[I], nullptr);
  return Lib ? (SymbolizeFn)dlsym(Lib, "__sanitizer_symbolize_pc") : nullptr;
}

bool symbolizerReady() {
  int &State = SymbolizerState;
  if (!State) {
    State = -1;
    if (flags.symbolize)
      SymbolizePc = __sanitizer_symbolize_pc ? __sanitizer_symbolize_pc
                                             : loadSymbolizer();
    if (SymbolizePc) {
      // sanitizer_common's child closes every descriptor below the limit
      // before it runs llvm-symbolizer: 0.1 s under a limit of 2^20 (as
      // in containers). Lowered while this report symbolizes.
      if (getrlimit(RLIMIT_NOFILE, &SavedFileLimit) == 0 &&
          SavedFileLimit.rlim_cur > kSymbolizerFileLimit) {
        struct rlimit Low = SavedFileLimit;
        Low.rlim_cur = kSymbolizerFileLimit;
        FileLimitLowered = setrlimit(RLIMIT_NOFILE, &Low) == 0;
      }
      State = 1;
    }
  }
  return State > 0;
}

const char *baseOf(const char *Path) {
  const char *Slash = strrchr(Path, '/');
  return Slash ? Slash + 1 : Path;
}

bool startsWith(const char *S, const char *Prefix) {
  return strncmp(S, Prefix, strlen(Prefix)) == 0;
}

bool isSystemModule(const char *Mod) {
  return startsWith(Mod, "libc.so") || startsWith(Mod, "libc-") ||
         startsWith(Mod, "libpthread") || startsWith(Mod, "ld-linux") ||
         startsWith(Mod, "libgcc_s");
}

Frame::Kind classify(const Frame &F) {
  const char *Mod = baseOf(F.module);
  // Another sanitizer's thread start and interceptors are plumbing too.
  static const char *const Plumbing[] = {
      "schedsan::",   "__schedsan", "__interceptor_",    "___interceptor_",
      "__sanitizer_", "__asan",     "asan_thread_start", "__tsan",
      "__ubsan",      "__msan"};
  for (const char *P : Plumbing)
    if (startsWith(F.function, P))
      return Frame::Runtime;
  if (startsWith(F.file, SCHEDSAN_RUNTIME_SOURCE_DIR))
    return Frame::Runtime;
  if (startsWith(Mod, "libstdc++") || startsWith(Mod, "libc++") ||
      isStdLibFile(F.file))
    return Frame::StdLib;
  if (isSystemModule(Mod))
    return Frame::System;
  return Frame::User;
}

// "<null>" and "<can't symbolize>" (sanitizer_common's words for unknown)
// and "??" are nothing.
const char *known(const char *S) {
  return *S == '<' || strcmp(S, "??") == 0 ? "" : S;
}

// The frames of return address Pc (inlined ones first) into Out, their
// strings in Mem; returns how many.
unsigned symbolize(uintptr_t Pc, Frame *Out, unsigned Max, char *Mem,
                   size_t MemSize) {
  unsigned N = 0;
  char *Free = Mem; // after the symbolizer's output
  Dl_info Info;
  const bool HaveDl = dladdr(reinterpret_cast<void *>(Pc - 1), &Info) != 0;
  // The C library's frames are hidden: not worth loading its debug info.
  if (symbolizerReady() &&
      !(HaveDl && Info.dli_fname && isSystemModule(baseOf(Info.dli_fname)))) {
    // Frames end with a NUL, the last with two; text cut short gets one: the
    // last byte keeps the second (not stale text), the cut frame is dropped.
    Mem[MemSize - 1] = 0;
    SymbolizePc(reinterpret_cast<void *>(Pc),
                "%f\x1f%s\x1f%l\x1f%c\x1f%m\x1f%o", Mem, MemSize - 1);
    while (Free + 2 < Mem + MemSize && (Free[0] || Free[1]))
      ++Free;
    Free += 2;
    for (char *P = Mem, *Next; *P && N != Max; P = Next) {
      Next = P + strlen(P) + 1; // before the fields are cut apart
      if (Next == Mem + MemSize - 1)
        break; // cut short
      char *Field[6];
      char *Cur = P;
      for (char *&F : Field) { // a field past the last is ""
        F = Cur;
        char *Sep = strchr(Cur, '\x1f');
        Cur = Sep ? Sep + 1 : Cur + strlen(Cur);
        if (Sep)
          *Sep = 0;
      }
      Frame &F = Out[N++];
      F.pc = Pc;
      F.function = known(Field[0]);
      F.file = known(Field[1]);
      F.line = (unsigned)strtoul(Field[2], nullptr, 10);
      F.column = (unsigned)strtoul(Field[3], nullptr, 10);
      if (F.line == 0) // a file from the symbol table only: no -g
        F.file = "";
      F.module = known(Field[4]);
      F.offset = (uintptr_t)strtoull(Field[5], nullptr, 16);
    }
  }
  // What the symbolizer left out (no symbolizer, symbolize=0, a module
  // without symbols for it): the module and the dynamic symbol.
  if (N == 0) {
    Free = Mem;
    Frame &F = Out[N++];
    F = Frame();
    F.pc = Pc;
    F.function = F.file = F.module = "";
  }
  if (HaveDl) {
    Frame &F = Out[N - 1]; // the outermost: the function Pc is in
    if (!*F.module && Info.dli_fname) {
      F.module = Info.dli_fname;
      F.offset = Pc - 1 - (uintptr_t)Info.dli_fbase;
    }
    if (!*F.function && Info.dli_sname && Free < Mem + MemSize)
      F.function = demangle(Info.dli_sname, Free, Mem + MemSize - Free);
  }
  for (unsigned I = 0; I != N; ++I)
    Out[I].kind = classify(Out[I]);
  // Code inlined into the runtime (an atomic's header) is the runtime's.
  if (Out[N - 1].kind == Frame::Runtime)
    for (unsigned I = 0; I != N; ++I)
      Out[I].kind = Frame::Runtime;
  return N;
}

// Symbolizes every frame of S into Frames; returns how many, and in
// *OriginAt the first expanded frame of Origin's entry (or N).
unsigned expand(const Stack &S, const void *Origin, unsigned *OriginAt) {
  unsigned N = 0;
  *OriginAt = ~0u;
  const size_t Slice = sizeof(Arena) / kMaxFrames;
  for (unsigned I = 0; I != S.size && N < kMaxExpanded; ++I) {
    if (*OriginAt == ~0u && (const void *)S.pc[I] == Origin)
      *OriginAt = N;
    N += symbolize(S.pc[I], Frames + N, kMaxExpanded - N, Arena + I * Slice,
                   Slice);
  }
  if (*OriginAt == ~0u)
    *OriginAt = N;
  return N;
}

void formatLocation(const Frame &F, char *Buf, size_t Size) {
  if (*F.file)
    snprintf(Buf, Size, "%s:%u:%u in %s", F.file, F.line, F.column,
             *F.function ? F.function : "??");
  else if (*F.function)
    snprintf(Buf, Size, "%s+0x%zx in %s", F.module, (size_t)F.offset,
             F.function);
  else
    snprintf(Buf, Size, "%s+0x%zx", F.module, (size_t)F.offset);
}

void printFrame(unsigned No, const Frame &F) {
  char Where[1024];
  if (*F.file)
    snprintf(Where, sizeof(Where), "%s:%u:%u", F.file, F.line, F.column);
  else
    snprintf(Where, sizeof(Where), "(%s+0x%zx)", F.module, (size_t)F.offset);
  if (*F.function)
    rawPrintf("    #%u 0x%zx in %s %s\n", No, (size_t)(F.pc - 1), F.function,
              Where);
  else
    rawPrintf("    #%u 0x%zx %s\n", No, (size_t)(F.pc - 1), Where);
}

} // namespace

void captureStack(Stack &S) {
  S.size = 0;
  if (findUnwinder())
    Backtrace(addFrame, &S);
}

bool captureThreadStack(const ThreadState *T, Stack &S) {
  S.size = 0;
  if (!T || !T->ktid || !findUnwinder())
    return false;
  static bool Installed;
  if (!Installed) {
    struct sigaction Act = {};
    Act.sa_handler = onCaptureSignal;
    Act.sa_flags = SA_RESTART;
    sigemptyset(&Act.sa_mask);
    if (realSigaction(captureSignal(), &Act, nullptr) != 0)
      return false;
    Installed = true;
  }
  CaptureOut = &S;
  CaptureDone.store(0, std::memory_order_relaxed);
  CaptureTarget.store(T, std::memory_order_release);
  bool Done = false;
  if (syscall(SYS_tgkill, getpid(), T->ktid, captureSignal()) == 0) {
    // Up to 100 ms: a thread that blocks the signal does not answer.
    for (int I = 0; I != 1000; ++I) {
      if ((Done = CaptureDone.load(std::memory_order_acquire)))
        break;
      struct timespec Ts = {0, 100 * 1000};
      nanosleep(&Ts, nullptr);
    }
  }
  CaptureTarget.store(nullptr, std::memory_order_release);
  if (!Done)
    S.size = 0;
  return Done;
}

bool layOutStack(const Stack &S, const void *Origin, char *Top, size_t Size) {
  if (Size)
    *Top = 0;
  TopHasSource = false;
  unsigned Start;
  const unsigned N = expand(S, Origin, &Start);
  if (Start == N) // no Origin: skip the runtime's frames and the C library's
    for (Start = 0; Start != N && (Frames[Start].kind == Frame::Runtime ||
                                   Frames[Start].kind == Frame::System);)
      ++Start;
  if (Start == N)
    Start = 0;
  // Down to the runtime frame that started the thread (or main), without
  // the C library's frames below the program's (start_thread, clone).
  unsigned End = Start;
  while (End != N && Frames[End].kind != Frame::Runtime)
    ++End;
  while (End > Start + 1 && Frames[End - 1].kind == Frame::System)
    --End;
  // The user's code first: standard library frames above the first user
  // frame are named under it.
  unsigned First = Start;
  while (First != End && Frames[First].kind != Frame::User)
    ++First;
  if (First == End)
    First = Start; // no user frame: print them as they are
  Layout = {Start, First, End};
  if (First != End && Frames[First].kind == Frame::User) {
    // Top: the first frame of the program's own source (a library built
    // without -g may come first: an abort inside it is the program's bug
    // where the program called it).
    unsigned Source = First;
    while (Source != End &&
           (Frames[Source].kind != Frame::User || !*Frames[Source].file))
      ++Source;
    if (Size)
      formatLocation(Frames[Source != End ? Source : First], Top, Size);
    TopHasSource = Source != End;
    HadLines |= TopHasSource;
    LackedLines |= !TopHasSource && symbolizerReady();
  }
  return Start != End;
}

void printLaidOutStack() {
  const auto [Start, First, End] = Layout;
  unsigned No = 0;
  for (unsigned I = First; I != End;) {
    if (Frames[I].kind == Frame::StdLib && I != First) {
      unsigned J = I;
      while (J != End && Frames[J].kind == Frame::StdLib)
        ++J;
      rawPrintf("    ... %u frame%s in the C++ standard library (%s)\n", J - I,
                J - I == 1 ? "" : "s",
                *Frames[I].function ? Frames[I].function
                                    : baseOf(Frames[I].module));
      I = J;
      continue;
    }
    printFrame(No++, Frames[I]);
    if (I == First && First != Start && First - Start == 1)
      rawPrintf("        in the C++ standard library: %s\n",
                Frames[Start].function);
    else if (I == First && First != Start)
      rawPrintf("        in the C++ standard library: %s and %u more "
                "frame%s\n",
                Frames[Start].function, First - Start - 1,
                First - Start == 2 ? "" : "s");
    ++I;
  }
}

bool isStdLibFile(const char *File) { return strstr(File, "/c++/"); }

void describePc(const void *Pc, char *Buf, size_t Size) {
  if (Size)
    *Buf = 0;
  if (!Pc || !symbolizerReady())
    return;
  // Its own frames: a stack laid out (Frames) may be waiting to print.
  static Frame Own[8];
  static char Mem[8192];
  const unsigned N = symbolize((uintptr_t)Pc, Own, 8, Mem, sizeof(Mem));
  unsigned I = 0;
  while (I + 1 < N && Own[I].kind != Frame::User)
    ++I;
  if (*Own[I].function)
    formatLocation(Own[I], Buf, Size);
}

const char *demangle(const char *Name, char *Buf, size_t Size) {
  if (!Name || !startsWith(Name, "_Z") || !__cxa_demangle || !Size)
    return Name;
  int Status = -1;
  char *Out = __cxa_demangle(Name, nullptr, nullptr, &Status);
  if (Status != 0 || !Out)
    return Name;
  snprintf(Buf, Size, "%s", Out);
  free(Out);
  return Buf;
}

bool stacksLackedLines() { return LackedLines && !HadLines; }

bool laidOutTopHasSource() { return TopHasSource; }

bool inCLibrary(const void *Pc) {
  Dl_info Info;
  return Pc && dladdr(Pc, &Info) && Info.dli_fname &&
         (startsWith(baseOf(Info.dli_fname), "libc.so") ||
          startsWith(baseOf(Info.dli_fname), "libc-"));
}

void disableSymbolizer() { SymbolizerState = -1; }

void endSymbolizing() {
  if (FileLimitLowered)
    setrlimit(RLIMIT_NOFILE, &SavedFileLimit);
  FileLimitLowered = false;
}

} // namespace schedsan
