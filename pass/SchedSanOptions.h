//===- SchedSanOptions.h - Command-line knobs of the pass ------*- C++ -*-===//
//
// FILE:
//    pass/SchedSanOptions.h
//
// DESCRIPTION:
//    The pass's cl::opt knobs, all prefixed -schedsan-. From clang they are
//    given as -mllvm -schedsan-granularity=sync, etc.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_PASS_OPTIONS_H
#define SCHEDSAN_PASS_OPTIONS_H

#include "llvm/Support/CommandLine.h"

namespace schedsan {

enum class Granularity {
  All, // every access that may touch shared memory (default)
  Sync // atomics, fences, volatile accesses; calls are intercepted at run time
};

extern llvm::cl::opt<Granularity> ClGranularity;
extern llvm::cl::opt<bool> ClFuncEvents;
extern llvm::cl::list<std::string> ClFuncFilter;
extern llvm::cl::opt<bool> ClCallEvents;
extern llvm::cl::opt<bool> ClMemIntrinsics;
extern llvm::cl::opt<bool> ClCompoundUpdates;
extern llvm::cl::opt<bool> ClGuardedAccesses;
extern llvm::cl::opt<bool> ClInlineAsm;

} // namespace schedsan

#endif // SCHEDSAN_PASS_OPTIONS_H
