//===- GuardedAccesses.cpp - Accesses proved made under their lock --------===//
//
// FILE:
//    pass/GuardedAccesses.cpp
//
// DESCRIPTION:
//    The Clang plugin annotates guarded fields and variables and the
//    functions in which the thread-safety analysis proved every access of
//    them made with the guarding lock held (schedsan_annotations.h says how
//    each reaches the IR). Here, before any optimization has run, a plain
//    load or store of a proved function is marked when its
//    address is, through GEPs only:
//      - an llvm.ptr.annotation "schedsan_guarded" (CodeGen wraps every
//        address of an annotated field it computes in one), or a global
//        variable annotated "schedsan_guarded";
//      - the value of a load of a "schedsan_pt_guarded" field or variable
//        (what the pointer points to).
//    On IR fresh from CodeGen, such an access is a read or write written in
//    the source on that field, which the analysis checked. Anything else
//    keeps its point: an access through a pointer stored in a variable
//    (`int *p = &s->count; *p = 1`), memcpy and memset of guarded data,
//    atomic, volatile and nontemporal accesses.
//
//    The mark is an access group that no loop's llvm.loop.parallel_accesses
//    names (so it asserts nothing): the inliner and loop transforms copy it
//    with the code, and an optimization that merges two accesses (a load of
//    a phi of two loads, a load replaced by an earlier one) keeps it only
//    when both had it (intersectAccessGroups); one that rebuilds an access
//    drops it. An access that is no longer what the analysis saw keeps its
//    point.
//===----------------------------------------------------------------------===//
#include "GuardedAccesses.h"
#include "schedsan/schedsan_annotations.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;
using namespace schedsan;

namespace {

struct Annotations {
  SmallPtrSet<const Function *, 16> Proved;
  SmallPtrSet<GlobalVariable *, 8> Guarded, PtGuarded;
};

StringRef annotationText(const Value *Str) {
  StringRef S;
  return getConstantStringInfo(Str, S) ? S : StringRef();
}

Annotations readAnnotations(const Module &M) {
  Annotations A;
  const GlobalVariable *GA = M.getNamedGlobal("llvm.global.annotations");
  if (!GA || !GA->hasInitializer())
    return A;
  const auto *CA = dyn_cast<ConstantArray>(GA->getInitializer());
  if (!CA)
    return A;
  for (const Value *Op : CA->operands()) {
    const auto *CS = dyn_cast<ConstantStruct>(Op);
    if (!CS || CS->getNumOperands() < 2)
      continue;
    const Value *Target = CS->getOperand(0)->stripPointerCasts();
    StringRef Note = annotationText(CS->getOperand(1));
    if (const auto *F = dyn_cast<Function>(Target)) {
      if (Note == SCHEDSAN_ANNOTATION_LOCKS_PROVED)
        A.Proved.insert(F);
    } else if (auto *GV = const_cast<GlobalVariable *>(
                   dyn_cast<GlobalVariable>(Target))) {
      if (Note == SCHEDSAN_ANNOTATION_GUARDED)
        A.Guarded.insert(GV);
      else if (Note == SCHEDSAN_ANNOTATION_PT_GUARDED)
        A.PtGuarded.insert(GV);
    }
  }
  return A;
}

bool isGuardedNote(StringRef Note) {
  return Note == SCHEDSAN_ANNOTATION_GUARDED ||
         Note == SCHEDSAN_ANNOTATION_PT_GUARDED ||
         Note == SCHEDSAN_ANNOTATION_LOCKS_PROVED;
}

// Removes the entries read above from llvm.global.annotations: they would
// keep every proved function and guarded variable alive (inlined static
// functions included) until the link.
void dropAnnotations(Module &M) {
  GlobalVariable *GA = M.getNamedGlobal("llvm.global.annotations");
  if (!GA || !GA->hasInitializer())
    return;
  auto *CA = dyn_cast<ConstantArray>(GA->getInitializer());
  if (!CA)
    return;
  SmallVector<Constant *, 16> Kept;
  for (Value *Op : CA->operands()) {
    auto *CS = dyn_cast<ConstantStruct>(Op);
    if (!CS || CS->getNumOperands() < 2 ||
        !isGuardedNote(annotationText(CS->getOperand(1))))
      Kept.push_back(cast<Constant>(Op));
  }
  if (Kept.size() == CA->getNumOperands())
    return;
  if (!Kept.empty()) {
    auto *Ty = ArrayType::get(CA->getType()->getElementType(), Kept.size());
    auto *New = new GlobalVariable(M, Ty, GA->isConstant(), GA->getLinkage(),
                                   ConstantArray::get(Ty, Kept), "", GA);
    New->setSection(GA->getSection());
    New->takeName(GA);
  }
  GA->eraseFromParent();
}

// The annotation of a guarded field this call is, if it is one.
StringRef fieldAnnotation(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II || II->getIntrinsicID() != Intrinsic::ptr_annotation)
    return {};
  StringRef Note = annotationText(II->getArgOperand(1));
  return Note == SCHEDSAN_ANNOTATION_GUARDED ||
                 Note == SCHEDSAN_ANNOTATION_PT_GUARDED
             ? Note
             : StringRef();
}

bool isPlainAccess(const Instruction &I) {
  if (I.hasMetadata(LLVMContext::MD_nontemporal))
    return false;
  if (const auto *LI = dyn_cast<LoadInst>(&I))
    return LI->isSimple();
  if (const auto *SI = dyn_cast<StoreInst>(&I))
    return SI->isSimple();
  return false;
}

// Calls Visit for every plain load and store of a proved function whose
// address is Addr, through GEPs (instructions and constant expressions)
// and annotation calls.
void forEachAccess(Value *Addr, const Annotations &A,
                   function_ref<void(Instruction &)> Visit) {
  SmallVector<Value *, 8> Work{Addr};
  SmallPtrSet<Value *, 8> Seen{Addr};
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (User *U : V->users()) {
      auto Follow = [&](Value *Next) {
        if (Seen.insert(Next).second)
          Work.push_back(Next);
      };
      if (auto *GEP = dyn_cast<GEPOperator>(U)) {
        if (GEP->getPointerOperand() == V)
          Follow(GEP);
        continue;
      }
      auto *I = dyn_cast<Instruction>(U);
      if (!I || !A.Proved.count(I->getFunction()))
        continue;
      if (auto *II = dyn_cast<IntrinsicInst>(I);
          II && II->getIntrinsicID() == Intrinsic::ptr_annotation) {
        if (II->getArgOperand(0) == V)
          Follow(II);
        continue;
      }
      if (isPlainAccess(*I) && getLoadStorePointerOperand(I) == V)
        Visit(*I);
    }
  }
}

} // namespace

MDNode *schedsan::guardedGroup(const Module &M) {
  const NamedMDNode *NMD = M.getNamedMetadata(GuardedMDName);
  return NMD && NMD->getNumOperands() == 1 ? NMD->getOperand(0) : nullptr;
}

bool schedsan::isProvedGuarded(const Instruction &I, const MDNode *Group) {
  const MDNode *Groups = I.getMetadata(LLVMContext::MD_access_group);
  if (!Group || !Groups)
    return false;
  return Groups == Group || is_contained(Groups->operands(), Group);
}

// Adds Group to I's access groups (a user's loop pragmas may have set some).
static void addToGroup(Instruction &I, MDNode *Group) {
  MDNode *Old = I.getMetadata(LLVMContext::MD_access_group);
  if (isProvedGuarded(I, Group))
    return;
  SmallVector<Metadata *, 4> List;
  if (Old && Old->getNumOperands() == 0)
    List.push_back(Old); // one group
  else if (Old)
    List.append(Old->op_begin(), Old->op_end());
  List.push_back(Group);
  I.setMetadata(LLVMContext::MD_access_group,
                List.size() == 1 ? Group : MDNode::get(I.getContext(), List));
}

void schedsan::markGuardedAccesses(Module &M) {
  Annotations A = readAnnotations(M);
  MDNode *Group = guardedGroup(M);
  if (!Group) {
    Group = MDNode::getDistinct(M.getContext(), {});
    M.getOrInsertNamedMetadata(GuardedMDName)->addOperand(Group);
  }
  auto MarkIt = [Group](Instruction &I) { addToGroup(I, Group); };
  auto MarkPointee = [&](Instruction &I) {
    if (auto *LI = dyn_cast<LoadInst>(&I))
      forEachAccess(LI, A, MarkIt);
  };
  for (GlobalVariable *GV : A.Guarded)
    forEachAccess(GV, A, MarkIt);
  for (GlobalVariable *GV : A.PtGuarded)
    forEachAccess(GV, A, MarkPointee);

  SmallVector<IntrinsicInst *, 16> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (!fieldAnnotation(I).empty())
        Calls.push_back(cast<IntrinsicInst>(&I));
  for (IntrinsicInst *II : Calls) {
    if (fieldAnnotation(*II) == SCHEDSAN_ANNOTATION_GUARDED)
      forEachAccess(II, A, MarkIt);
    else
      forEachAccess(II, A, MarkPointee);
  }
  for (IntrinsicInst *II : Calls) {
    II->replaceAllUsesWith(II->getArgOperand(0));
    II->eraseFromParent();
  }
  dropAnnotations(M);
}
