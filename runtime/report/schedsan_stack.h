//===- schedsan_stack.h - Call stacks in reports ----------------*- C++ -*-===//
//
// FILE:
//    runtime/report/schedsan_stack.h
//
// DESCRIPTION:
//    The call stacks of a report, taken only when a run reports (never on
//    a passing run's path): the reporting thread's own with the unwinder
//    of the C runtime (_Unwind_Backtrace), every other thread's by a
//    signal that makes it unwind its own stack where it waits for its turn.
//    Frames are symbolized by compiler-rt's sanitizer_common
//    (__sanitizer_symbolize_pc, which drives llvm-symbolizer as every
//    sanitizer does): from the program's own sanitizer runtime if it links
//    one, else from compiler-rt's UBSan runtime as a shared library, loaded
//    at the first report (linking sanitizer_common into every program
//    would slow every run's start). Without either, or with symbolize=0,
//    frames are printed as module+offset.
//
//    Printed in the sanitizer shape, "#N 0xPC in function file:line:col",
//    inlined frames expanded, the user's code first: the runtime's own
//    frames and the interceptor plumbing are hidden, and frames of the C++
//    standard library are collapsed behind the first user frame.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_STACK_H
#define SCHEDSAN_STACK_H

#include <stddef.h>
#include <stdint.h>

namespace schedsan {

struct ThreadState;

constexpr unsigned kMaxFrames = 64;

// A call stack, innermost first, as return addresses: each entry is the
// address after the instruction meant (an interrupted frame's PC, where a
// signal arrived, is stored plus one so that this holds for it too).
struct Stack {
  uintptr_t pc[kMaxFrames];
  unsigned size;
};

// The calling thread's stack.
void captureStack(Stack &S);

// T's stack where it waits (T is another thread of the process, parked in
// the runtime or running outside it); false if it did not answer in time.
bool captureThreadStack(const ThreadState *T, Stack &S);

// Symbolizes S and chooses what to print: from its first frame outside
// the runtime (the frame of Origin, a return address into the user's
// code, if S holds it) down to the runtime frame that started the thread.
// Top receives the first user frame's "file:line:col in function" ("" if
// it has none). False if no frame is left to print.
bool layOutStack(const Stack &S, const void *Origin, char *Top, size_t Size);

// Prints the stack last laid out, one "#N 0xPC in function file:line:col"
// per frame.
void printLaidOutStack();

// A source file of the C++ standard library (its headers).
bool isStdLibFile(const char *File);

// "file:line:col in function" of the code at return address Pc (the
// innermost user frame), "" if it cannot be symbolized.
void describePc(const void *Pc, char *Buf, size_t Size);

// A linkage name demangled when the program has a C++ library (an
// unmangled name as it is); Buf may be used.
const char *demangle(const char *Name, char *Buf, size_t Size);

// True once a printed stack had user frames without file:line and none
// had file:line (the program was built without -g, not just a library);
// the report says so once.
bool stacksLackedLines();

// Whether the Top of the stack layOutStack laid out last names a source
// file and line (not only a module and offset).
bool laidOutTopHasSource();

// Whether Pc is in the C library: a failure raised there (glibc's abort
// on a corrupt heap, a fault inside malloc) may hold its locks, and a
// report then takes no stacks (the unwinder's loading and the demangler
// allocate).
bool inCLibrary(const void *Pc);

// This report symbolizes nothing (describePc finds nothing).
void disableSymbolizer();

// The report's symbolization is over: what it changed for the symbolizer's
// start (the open-file limit) is undone.
void endSymbolizing();

} // namespace schedsan

#endif // SCHEDSAN_STACK_H
