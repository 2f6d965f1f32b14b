//===- GuardedAccesses.h - Accesses proved made under their lock -*- C++
//-*-===//
//
// FILE:
//    pass/GuardedAccesses.h
//
// DESCRIPTION:
//    Turns what the Clang plugin proved (clang-plugin/GuardedAccesses.cpp)
//    into instruction marks: in a function annotated "schedsan_locks_proved",
//    every plain load and store of a guarded field or variable (or of what a
//    PT_GUARDED_BY pointer points to) gets !schedsan.guarded, which the
//    classifier skips. Runs in SchedSanMarkIgnoredPass, first in clang's
//    pipeline, on the IR as CodeGen left it.
//
// USAGE:
//    opt -load-pass-plugin=build/lib/SchedSanPass.so
//        -passes="schedsan-mark-ignored,schedsan" -S input.ll
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_PASS_GUARDED_ACCESSES_H
#define SCHEDSAN_PASS_GUARDED_ACCESSES_H

#include "llvm/IR/Module.h"

namespace schedsan {

// Marks the accesses of guarded data in proved functions with
// !schedsan.guarded, then removes the llvm.ptr.annotation calls of guarded
// fields from every function (they are for this pass only and would stand in
// the optimizers' way).
void markGuardedAccesses(llvm::Module &M);

} // namespace schedsan

#endif // SCHEDSAN_PASS_GUARDED_ACCESSES_H
