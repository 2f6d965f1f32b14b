//===- SchedSanMarkIgnoredPass.cpp - Tag the code of ignored functions ----===//
//
// FILE:
//    pass/SchedSanMarkIgnoredPass.cpp
//
// DESCRIPTION:
//    Functions are ignored by a function attribute (AccessClassifier::
//    isIgnored), which the inliner does not carry into the callers it copies
//    their code to. So, before inlining, every memory operation and call of
//    an ignored function gets !schedsan.ignore, an instruction mark that
//    travels with the copies; the classifier skips marked instructions
//    wherever they end up. __attribute__((annotate("schedsan_ignore"))) and
//    [[schedsan::ignore]] (clang-plugin/SchedSanAttrs.cpp) arrive as entries
//    of llvm.global.annotations and are turned into the attribute first.
//
// USAGE:
//    opt -load-pass-plugin=build/lib/SchedSanPass.so
//        -passes="schedsan-mark-ignored,always-inline,schedsan" -S input.ll
//===----------------------------------------------------------------------===//
#include "SchedSanMarkIgnoredPass.h"
#include "AccessClassifier.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace schedsan;

// Functions annotated __attribute__((annotate("schedsan_ignore"))) (or, via
// the Clang plugin, [[schedsan::ignore]]) get the `schedsan-ignore` function
// attribute.
static void markAnnotatedIgnores(Module &M) {
  GlobalVariable *GA = M.getNamedGlobal("llvm.global.annotations");
  if (!GA || !GA->hasInitializer())
    return;
  auto *CA = dyn_cast<ConstantArray>(GA->getInitializer());
  if (!CA)
    return;
  for (Value *Op : CA->operands()) {
    auto *CS = dyn_cast<ConstantStruct>(Op);
    if (!CS || CS->getNumOperands() < 2)
      continue;
    auto *F = dyn_cast<Function>(CS->getOperand(0)->stripPointerCasts());
    auto *Str =
        dyn_cast<GlobalVariable>(CS->getOperand(1)->stripPointerCasts());
    if (!F || !Str || !Str->hasInitializer())
      continue;
    auto *Text = dyn_cast<ConstantDataArray>(Str->getInitializer());
    if (Text && Text->isCString() && Text->getAsCString() == "schedsan_ignore")
      F->addFnAttr("schedsan-ignore");
  }
}

// Marks the memory operations and calls of ignored functions with
// !schedsan.ignore, so that wherever the inliner copies them they stay
// uninstrumented (the attribute alone is lost when a function is inlined).
void schedsan::markIgnored(Module &M) {
  markAnnotatedIgnores(M);
  MDNode *Mark = MDNode::get(M.getContext(), {});
  for (Function &F : M) {
    if (F.isDeclaration() || !AccessClassifier::isIgnored(F))
      continue;
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst,
                FenceInst, CallBase>(I))
          I.setMetadata(IgnoreMDName, Mark);
  }
}

PreservedAnalyses SchedSanMarkIgnoredPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  if (M.getModuleFlag(InstrumentedFlagName))
    return PreservedAnalyses::all();
  markIgnored(M);
  // Only attributes and metadata changed: no analysis depends on them.
  return PreservedAnalyses::all();
}
