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
//    [[schedsan::atomic]] functions ("schedsan_atomic") are ignored too, and
//    get one scheduling point at their entry: a call event
//    (__schedsan_call with the function's address) inserted here, before
//    inlining, so that each inlined copy keeps it. Its site is filled in by
//    SchedSanPass (the site table is built there).
//
//    Before any optimization, the accesses the thread-safety analysis proved
//    made under their lock are marked too (GuardedAccesses.cpp).
//
// USAGE:
//    opt -load-pass-plugin=build/lib/SchedSanPass.so
//        -passes="schedsan-mark-ignored,always-inline,schedsan" -S input.ll
//===----------------------------------------------------------------------===//
#include "SchedSanMarkIgnoredPass.h"
#include "AccessClassifier.h"
#include "GuardedAccesses.h"
#include "schedsan/schedsan_annotations.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace schedsan;

// Functions annotated "schedsan_ignore" or "schedsan_atomic" (by hand with
// __attribute__((annotate(...))), or by the Clang plugin's attributes) get
// the function attributes of the same meaning.
static void markAnnotatedFunctions(Module &M) {
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
    if (!Text || !Text->isCString())
      continue;
    if (Text->getAsCString() == SCHEDSAN_ANNOTATION_IGNORE)
      F->addFnAttr(IgnoreAttrName);
    if (Text->getAsCString() == SCHEDSAN_ANNOTATION_ATOMIC) {
      F->addFnAttr(IgnoreAttrName);
      F->addFnAttr(AtomicAttrName);
    }
  }
}

// The one scheduling point of an atomic function: a call event before its
// body, with a null site that SchedSanPass replaces. Once per function.
static void insertAtomicPoint(Function &F) {
  if (F.hasFnAttribute(AtomicPointAttrName))
    return;
  F.addFnAttr(AtomicPointAttrName);
  LLVMContext &C = F.getContext();
  auto *Ptr = PointerType::getUnqual(C);
  FunctionCallee Hook = F.getParent()->getOrInsertFunction(
      AtomicPointHookName,
      FunctionType::get(Type::getVoidTy(C), {Ptr, Ptr}, false),
      AttributeList().addFnAttribute(C, Attribute::NoUnwind));
  IRBuilder<> IRB(&*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
  CallInst *Call = IRB.CreateCall(Hook, {&F, ConstantPointerNull::get(Ptr)});
  if (DISubprogram *SP = F.getSubprogram())
    Call->setDebugLoc(DILocation::get(C, SP->getScopeLine(), 0, SP));
}

// Marks the memory operations and calls of ignored functions with
// !schedsan.ignore, so that wherever the inliner copies them they stay
// uninstrumented (the attribute alone is lost when a function is inlined).
void schedsan::markIgnored(Module &M) {
  markAnnotatedFunctions(M);
  MDNode *Mark = MDNode::get(M.getContext(), {});
  for (Function &F : M) {
    if (F.isDeclaration() || !AccessClassifier::isIgnored(F))
      continue;
    if (F.hasFnAttribute(AtomicAttrName))
      insertAtomicPoint(F);
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
  markGuardedAccesses(M);
  // Attributes and metadata changed, calls were added and removed.
  return PreservedAnalyses::none();
}
