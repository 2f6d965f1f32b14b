//===- SchedSanMarkIgnoredPass.h - Tag ignored code -------------*- C++ -*-===//
//
// FILE:
//    pass/SchedSanMarkIgnoredPass.h
//
// DESCRIPTION:
//    The schedsan-mark-ignored module pass. It runs first in clang's pipeline
//    (before inlining): gives functions annotated "schedsan_ignore" the
//    schedsan-ignore attribute and marks their memory operations and calls
//    with !schedsan.ignore, so that copies inlined into other functions stay
//    uninstrumented. SchedSanPass marks again before instrumenting, for
//    pipelines that run it without this pass.
//
// USAGE:
//    opt -load-pass-plugin=build/lib/SchedSanPass.so
//        -passes=schedsan-mark-ignored -S input.ll
//    clang -fpass-plugin=build/lib/SchedSanPass.so ...  (any -O level)
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_PASS_SCHEDSAN_MARK_IGNORED_PASS_H
#define SCHEDSAN_PASS_SCHEDSAN_MARK_IGNORED_PASS_H

#include "llvm/IR/PassManager.h"

namespace schedsan {

struct SchedSanMarkIgnoredPass : llvm::PassInfoMixin<SchedSanMarkIgnoredPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  // Run under optnone and at -O0 too, like SchedSanPass.
  static bool isRequired() { return true; }
};

// The work of the pass: gives the functions annotated "schedsan_ignore" the
// schedsan-ignore attribute, then marks the memory operations and calls of
// every ignored function (AccessClassifier::isIgnored) with !schedsan.ignore.
void markIgnored(llvm::Module &M);

} // namespace schedsan

#endif // SCHEDSAN_PASS_SCHEDSAN_MARK_IGNORED_PASS_H
