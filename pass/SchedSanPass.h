//===- SchedSanPass.h - Insert scheduling points ----------------*- C++ -*-===//
//
// FILE:
//    pass/SchedSanPass.h
//
// DESCRIPTION:
//    The schedsan module pass, the instrumenter: asks AccessClassifier which
//    operations become scheduling points, inserts a call to the matching
//    runtime hook (schedsan_interface.def) before each, emits the module's
//    site table and a constructor that registers it with the runtime.
//    Registered with the pass builder in SchedSanPlugin.cpp.
//
// USAGE:
//    opt -load-pass-plugin=build/lib/SchedSanPass.so -passes=schedsan
//        -S input.ll
//    clang -fpass-plugin=build/lib/SchedSanPass.so ...  (any -O level)
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_PASS_SCHEDSAN_PASS_H
#define SCHEDSAN_PASS_SCHEDSAN_PASS_H

#include "llvm/IR/PassManager.h"

namespace schedsan {

struct SchedSanPass : llvm::PassInfoMixin<SchedSanPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  // Run under optnone and at -O0 too: uninstrumented code is a silent hole.
  static bool isRequired() { return true; }
};

} // namespace schedsan

#endif // SCHEDSAN_PASS_SCHEDSAN_PASS_H
