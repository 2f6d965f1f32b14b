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
//    PT_GUARDED_BY pointer points to) gets a mark, which the classifier
//    skips. Runs in SchedSanMarkIgnoredPass, first in clang's
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

// Named module metadata holding the access group that marks the plain
// loads and stores of guarded data the thread-safety analysis proved made
// under their lock: the classifier gives them no point unless
// -schedsan-guarded-accesses=false.
constexpr const char *GuardedMDName = "schedsan.guarded";

// The mark is an access group (!llvm.access.group) that no loop names, so
// it means nothing to the optimizers, who keep it on an access they copy
// and, when they merge two accesses, keep it only if both have it. The
// group is the one operand of the named metadata !schedsan.guarded.
llvm::MDNode *guardedGroup(const llvm::Module &M);

// Whether I is a load or store marked with Group (null: no mark exists).
bool isProvedGuarded(const llvm::Instruction &I, const llvm::MDNode *Group);

// Marks the accesses of guarded data in proved functions, then removes the
// annotations it read: the llvm.ptr.annotation calls of guarded fields (they
// would stand in the optimizers' way) and the entries of
// llvm.global.annotations (they would keep functions and variables alive).
void markGuardedAccesses(llvm::Module &M);

} // namespace schedsan

#endif // SCHEDSAN_PASS_GUARDED_ACCESSES_H
