//===- AccessClassifier.cpp - Where the scheduling points go --------------===//
//
// FILE:
//    pass/AccessClassifier.cpp
//
// DESCRIPTION:
//    In the spirit of ThreadSanitizer's instrumentation: atomics, fences and
//    volatile accesses always become scheduling points; plain loads and
//    stores do unless the address is provably thread-local or immutable.
//    Each plain access is a scheduling point of its own, so the read and the
//    write of `x++` are two and a lost update between them can be found.
//    With -schedsan-compound-updates, plain accesses are collected per basic
//    block between calls, so that a read followed by a write of the same
//    address becomes one compound event (only when no other scheduling
//    point lies between the two: the update's point goes before the read,
//    and the write must not happen after the thread was scheduled again).
//
//    Statistics are TrackingStatistic rather than STATISTIC: Debian's LLVM is
//    built without assertions, where STATISTIC compiles to a no-op, and the
//    per-filter counts are part of what the pass reports (`opt -stats`,
//    `clang -mllvm -stats`).
//===----------------------------------------------------------------------===//
#include "AccessClassifier.h"
#include "GuardedAccesses.h"
#include "SchedSanOptions.h"
#include "schedsan/schedsan_protocol.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace schedsan;

#define DEBUG_TYPE "schedsan"
#define SCHEDSAN_STATISTIC(Var, Desc)                                          \
  static TrackingStatistic Var = {DEBUG_TYPE, #Var, Desc}

// What became an event.
SCHEDSAN_STATISTIC(NumEventReads, "Plain reads instrumented");
SCHEDSAN_STATISTIC(NumEventWrites, "Plain writes instrumented");
SCHEDSAN_STATISTIC(NumEventUpdates, "Read-before-write pairs made one event");
SCHEDSAN_STATISTIC(NumEventVolatile, "Volatile accesses instrumented");
SCHEDSAN_STATISTIC(NumEventAtomics, "Atomic operations instrumented");
SCHEDSAN_STATISTIC(NumEventFences, "Fences instrumented");
SCHEDSAN_STATISTIC(NumEventMemIntrinsics, "Memory intrinsics instrumented");
SCHEDSAN_STATISTIC(NumEventCalls, "Call events inserted");
SCHEDSAN_STATISTIC(NumEventInlineAsm,
                   "Inline assembly calls with memory operands instrumented");
SCHEDSAN_STATISTIC(
    NumSkippedRuntimeCall,
    "Call events skipped: call into the runtime (" SCHEDSAN_SYMBOL_PREFIX "*)");

// Why an access was skipped: one statistic per reason.
SCHEDSAN_STATISTIC(NumSkippedLocalAlloca, "Skipped: non-escaping alloca");
SCHEDSAN_STATISTIC(NumSkippedConstGlobal, "Skipped: read of constant global");
SCHEDSAN_STATISTIC(NumSkippedThreadLocal, "Skipped: thread_local global");
SCHEDSAN_STATISTIC(NumSkippedVtable, "Skipped: vtable pointer load");
SCHEDSAN_STATISTIC(NumSkippedInvariant, "Skipped: invariant load");
SCHEDSAN_STATISTIC(NumSkippedReadBeforeWrite,
                   "Skipped: read merged into a following write");
SCHEDSAN_STATISTIC(NumSkippedIgnoredFunction,
                   "Skipped: access in an ignored function");
SCHEDSAN_STATISTIC(NumSkippedCounter,
                   "Skipped: compiler-generated counter (profile, gcov, "
                   "sancov)");
SCHEDSAN_STATISTIC(NumSkippedGranularity,
                   "Skipped: plain access under -schedsan-granularity=sync");
SCHEDSAN_STATISTIC(NumSkippedAddrSpace,
                   "Skipped: access outside address space 0");
SCHEDSAN_STATISTIC(NumSkippedGuarded,
                   "Skipped: access under its GUARDED_BY lock (thread-safety "
                   "analysis)");
SCHEDSAN_STATISTIC(NumSkippedNoSanitize,
                   "Skipped: instruction of another instrumentation "
                   "(!nosanitize)");

// Every statistic above, for printStatistics().
static TrackingStatistic *const AllStatistics[] = {&NumEventReads,
                                                   &NumEventWrites,
                                                   &NumEventUpdates,
                                                   &NumEventVolatile,
                                                   &NumEventAtomics,
                                                   &NumEventFences,
                                                   &NumEventMemIntrinsics,
                                                   &NumEventCalls,
                                                   &NumEventInlineAsm,
                                                   &NumSkippedRuntimeCall,
                                                   &NumSkippedLocalAlloca,
                                                   &NumSkippedConstGlobal,
                                                   &NumSkippedThreadLocal,
                                                   &NumSkippedVtable,
                                                   &NumSkippedInvariant,
                                                   &NumSkippedReadBeforeWrite,
                                                   &NumSkippedIgnoredFunction,
                                                   &NumSkippedCounter,
                                                   &NumSkippedGranularity,
                                                   &NumSkippedAddrSpace,
                                                   &NumSkippedGuarded,
                                                   &NumSkippedNoSanitize};

void schedsan::printStatistics(raw_ostream &OS) {
  OS << "===" << std::string(73, '-') << "===\n"
     << "                    ... schedsan Statistics Collected ...\n"
     << "===" << std::string(73, '-') << "===\n\n";
  for (const TrackingStatistic *S : AllStatistics)
    if (S->getValue())
      OS << format("%8u %s - %s\n", S->getValue(), S->getDebugType(),
                   S->getDesc());
  OS << "\n";
}

namespace {

enum class SkipReason {
  None, // the address may be shared: instrument
  NoSanitize,
  Ignored,
  AddrSpace,
  Counter,
  ThreadLocal,
  ConstGlobal,
  Vtable,
  Invariant,
  LocalAlloca
};

void countSkip(SkipReason R) {
  switch (R) {
  case SkipReason::None:
    break;
  case SkipReason::NoSanitize:
    ++NumSkippedNoSanitize;
    break;
  case SkipReason::Ignored:
    ++NumSkippedIgnoredFunction;
    break;
  case SkipReason::AddrSpace:
    ++NumSkippedAddrSpace;
    break;
  case SkipReason::Counter:
    ++NumSkippedCounter;
    break;
  case SkipReason::ThreadLocal:
    ++NumSkippedThreadLocal;
    break;
  case SkipReason::ConstGlobal:
    ++NumSkippedConstGlobal;
    break;
  case SkipReason::Vtable:
    ++NumSkippedVtable;
    break;
  case SkipReason::Invariant:
    ++NumSkippedInvariant;
    break;
  case SkipReason::LocalAlloca:
    ++NumSkippedLocalAlloca;
    break;
  }
}

// Profile counters (-fprofile-instr-generate), gcov arcs and sanitizer
// coverage counters: compiler-generated, racy by design, never a bug.
bool isCompilerCounter(const GlobalVariable &GV) {
  StringRef Name = GV.getName();
  if (Name.starts_with("__profc_") || Name.starts_with("__profd_") ||
      Name.starts_with("__profbm_") || Name.starts_with("__llvm_gcov") ||
      Name.starts_with("__sancov_gen_"))
    return true;
  if (GV.hasSection()) {
    StringRef Section = GV.getSection();
    return Section.contains("__llvm_prf_") || Section.contains("__sancov_");
  }
  return false;
}

bool isVtableLoad(const Instruction &I) {
  if (!isa<LoadInst>(I))
    return false; // vptr stores (constructors, destructors) are real writes
  if (MDNode *Tag = I.getMetadata(LLVMContext::MD_tbaa))
    return Tag->isTBAAVtableAccess();
  return false;
}

// The object an address is derived from, looking through
// llvm.threadlocal.address (how clang reaches thread_local variables).
const Value *underlyingObject(const Value *Addr) {
  const Value *Obj = getUnderlyingObject(Addr);
  if (const auto *II = dyn_cast<IntrinsicInst>(Obj))
    if (II->getIntrinsicID() == Intrinsic::threadlocal_address)
      return getUnderlyingObject(II->getArgOperand(0));
  return Obj;
}

TypeSize accessSize(const DataLayout &DL, const Instruction &I) {
  Type *Ty = isa<StoreInst>(I) ? cast<StoreInst>(I).getValueOperand()->getType()
                               : I.getType();
  return DL.getTypeStoreSize(Ty);
}

bool isMemoryOperation(const Instruction &I) {
  return isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst, FenceInst,
             MemIntrinsic>(I);
}

// Reasons to skip a memory operation that hold whatever it is, atomics and
// volatile accesses included: it belongs to another instrumentation, it was
// inlined from an ignored function, or a hook cannot take its address (the
// hooks' pointers are in address space 0; other address spaces are GPU
// memories, x86 segment-relative accesses and the like).
SkipReason whyNeverInstrumented(const Instruction &I) {
  if (I.hasMetadata(LLVMContext::MD_nosanitize))
    return SkipReason::NoSanitize;
  if (I.getMetadata(IgnoreMDName))
    return SkipReason::Ignored;
  SmallVector<const Value *, 2> Addrs;
  if (const auto *MI = dyn_cast<MemIntrinsic>(&I)) {
    Addrs.push_back(MI->getRawDest());
    if (const auto *MT = dyn_cast<MemTransferInst>(MI))
      Addrs.push_back(MT->getRawSource());
  } else if (const Value *P = getLoadStorePointerOperand(&I)) {
    Addrs.push_back(P);
  } else if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    Addrs.push_back(RMW->getPointerOperand());
  } else if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    Addrs.push_back(CX->getPointerOperand());
  }
  for (const Value *Addr : Addrs)
    if (Addr->getType()->getPointerAddressSpace() != 0)
      return SkipReason::AddrSpace;
  return SkipReason::None;
}

} // namespace

bool AccessClassifier::isIgnored(const Function &F) {
  return F.hasFnAttribute(IgnoreAttrName) ||
         F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation) ||
         F.hasFnAttribute(Attribute::Naked);
}

void AccessClassifier::countIgnored(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (isMemoryOperation(I))
      ++NumSkippedIgnoredFunction;
}

bool AccessClassifier::isNonEscapingAlloca(const Value *Obj) {
  const auto *AI = dyn_cast<AllocaInst>(Obj);
  if (!AI)
    return false;
  auto [It, Inserted] = AllocaEscapes.try_emplace(AI, false);
  if (Inserted) {
#if LLVM_VERSION_MAJOR >= 21
    It->second = PointerMayBeCaptured(AI, /*ReturnCaptures=*/true);
#else
    It->second = PointerMayBeCaptured(AI, /*ReturnCaptures=*/true,
                                      /*StoreCaptures=*/true);
#endif
  }
  return !It->second;
}

// Whether Addr may be touched by another thread; the reason when it cannot.
static SkipReason whyNotShared(const Value *Addr, bool IsRead,
                               const Instruction &I,
                               function_ref<bool(const Value *)> IsLocal) {
  if (Addr->getType()->getPointerAddressSpace() != 0)
    return SkipReason::AddrSpace;
  const Value *Obj = underlyingObject(Addr);
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj)) {
    if (isCompilerCounter(*GV))
      return SkipReason::Counter;
    if (GV->isThreadLocal())
      return SkipReason::ThreadLocal;
    if (IsRead && GV->isConstant())
      return SkipReason::ConstGlobal;
  }
  if (isVtableLoad(I))
    return SkipReason::Vtable;
  if (IsRead && I.hasMetadata(LLVMContext::MD_invariant_load))
    return SkipReason::Invariant;
  if (IsLocal(Obj))
    return SkipReason::LocalAlloca;
  return SkipReason::None;
}

bool AccessClassifier::isSharedAddress(const Value *Addr, bool IsRead,
                                       const Instruction &I) {
  SkipReason Why = whyNotShared(Addr, IsRead, I, [this](const Value *Obj) {
    return isNonEscapingAlloca(Obj);
  });
  countSkip(Why);
  return Why == SkipReason::None;
}

// Stretch holds the plain, non-volatile loads and stores of one block between
// two scheduling points of other kinds (calls, atomics, fences, volatile and
// range events), in program order. Every access is a point of its own,
// except under -schedsan-compound-updates: walking backwards, a read is
// folded into a later write of the same address and size when no other
// event lies between them: the compound event's point goes before the read,
// so nothing may let another thread run between the read and the write.
void AccessClassifier::classifyStretch(ArrayRef<Instruction *> Stretch,
                                       SmallVectorImpl<SchedPoint> &Out) {
  // Address -> index in Out of the write point a read of it would join.
  SmallDenseMap<const Value *, size_t, 8> Joinable;
  const size_t First = Out.size();
  for (Instruction *I : reverse(Stretch)) {
    const bool IsWrite = isa<StoreInst>(I);
    const Value *Addr = getLoadStorePointerOperand(I);
    if (!isSharedAddress(Addr, !IsWrite, *I))
      continue;
    if (!IsWrite && ClCompoundUpdates) {
      auto It = Joinable.find(Addr);
      if (It != Joinable.end() &&
          accessSize(DL, *I) == accessSize(DL, *Out[It->second].Inst)) {
        SchedPoint &W = Out[It->second];
        if (W.Kind == SchedPointKind::Write) {
          --NumEventWrites;
          ++NumEventUpdates;
        }
        W.Kind = SchedPointKind::Update;
        W.InsertBefore = I; // the point goes before the earliest read
        ++NumSkippedReadBeforeWrite;
        continue;
      }
    }
    Out.push_back(
        {I, I, IsWrite ? SchedPointKind::Write : SchedPointKind::Read});
    ++(IsWrite ? NumEventWrites : NumEventReads);
    // This point now separates earlier reads from later writes.
    Joinable.clear();
    if (IsWrite)
      Joinable[Addr] = Out.size() - 1;
  }
  std::reverse(Out.begin() + First, Out.end()); // back to program order
}

bool AccessClassifier::isInstrumentedMemIntrinsic(const MemIntrinsic &MI) {
  if (!ClMemIntrinsics)
    return false;
  // memcpy/memmove/memset and their .inline forms; anything else (LLVM 20's
  // memset.pattern counts elements, not bytes) has no range event.
  if (!isa<MemTransferInst, MemSetInst>(MI))
    return false;
  const bool Always = MI.isVolatile();
  if (!Always && ClGranularity == Granularity::Sync) {
    ++NumSkippedGranularity;
    return false;
  }
  auto IsLocal = [this](const Value *Obj) { return isNonEscapingAlloca(Obj); };
  SkipReason DstWhy = whyNotShared(MI.getDest(), /*IsRead=*/false, MI, IsLocal);
  SkipReason SrcWhy = SkipReason::LocalAlloca; // memset reads nothing
  if (auto *MT = dyn_cast<MemTransferInst>(&MI))
    SrcWhy = whyNotShared(MT->getSource(), /*IsRead=*/true, MI, IsLocal);
  if (!Always && DstWhy != SkipReason::None && SrcWhy != SkipReason::None) {
    countSkip(DstWhy);
    return false;
  }
  ++NumEventMemIntrinsics;
  return true;
}

// A call of one of the runtime's entry points (a control point of
// <schedsan/control.h>, a hook): already an event of its own, never a call
// event.
SmallVector<AsmMemoryOperand, 2>
schedsan::asmMemoryOperands(const CallBase &CB) {
  SmallVector<AsmMemoryOperand, 2> Out;
  auto *IA = dyn_cast<InlineAsm>(CB.getCalledOperand());
  if (!IA || !isa<CallInst>(CB))
    return Out;
  // Indirect outputs and every input take an argument, in constraint order;
  // direct outputs are the call's result, clobbers take nothing.
  unsigned Arg = 0;
  for (const InlineAsm::ConstraintInfo &C : IA->ParseConstraints()) {
    const bool Output = C.Type == InlineAsm::isOutput;
    if ((Output && !C.isIndirect) || C.Type == InlineAsm::isClobber)
      continue;
    if (C.Type != InlineAsm::isInput && !Output)
      break; // a label (asm goto): not in a call instruction
    if (Arg >= CB.arg_size())
      break;
    const unsigned Index = Arg++;
    Type *Ty = C.isIndirect ? CB.getParamElementType(Index) : nullptr;
    if (!Ty || !Ty->isSized())
      continue;
    Value *Addr = CB.getArgOperand(Index);
    auto Same = llvm::find_if(
        Out, [&](const AsmMemoryOperand &O) { return O.Addr == Addr; });
    if (Same == Out.end())
      Out.push_back({Addr, Ty, !Output, Output});
    else
      (Output ? Same->Writes : Same->Reads) = true;
  }
  return Out;
}

static bool callsRuntime(const CallBase &CB) {
  const auto *Callee =
      dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());
  if (Callee && Callee->getName().starts_with(SCHEDSAN_SYMBOL_PREFIX)) {
    ++NumSkippedRuntimeCall;
    return true;
  }
  return false;
}

SmallVector<SchedPoint, 16> AccessClassifier::classify(Function &F) {
  SmallVector<SchedPoint, 16> Out;
  SmallVector<Instruction *, 16> Stretch;
  GuardedGroup = guardedGroup(*F.getParent());
  const bool SyncOnly = ClGranularity == Granularity::Sync;
  auto EndStretch = [&] {
    classifyStretch(Stretch, Out);
    Stretch.clear();
  };
  // A point that never merges: it also ends the current stretch.
  auto Add = [&](Instruction &I, SchedPointKind Kind) {
    EndStretch();
    Out.push_back({&I, &I, Kind});
  };

  for (BasicBlock &BB : F) {
    for (Instruction &I : BB) {
      if (auto *CB = dyn_cast<CallBase>(&I); CB && !isa<MemIntrinsic>(CB)) {
        // Intrinsics that touch no memory (llvm.smax, llvm.dbg.*, lifetime
        // markers, ...) cannot reach a scheduling point: not a call.
        auto *II = dyn_cast<IntrinsicInst>(CB);
        if (II && (II->isAssumeLikeIntrinsic() || !II->mayReadOrWriteMemory()))
          continue;
        if (CB->isInlineAsm() && ClInlineAsm &&
            !CB->getMetadata(IgnoreMDName) && !asmMemoryOperands(*CB).empty()) {
          Add(I, SchedPointKind::InlineAsm);
          ++NumEventInlineAsm;
          continue;
        }
        if (ClCallEvents && !II && !CB->isInlineAsm() &&
            !CB->getMetadata(IgnoreMDName) && !callsRuntime(*CB)) {
          Add(I, SchedPointKind::Call);
          ++NumEventCalls;
        } else {
          EndStretch(); // the callee may contain scheduling points
        }
        continue;
      }
      if (!isMemoryOperation(I))
        continue;
      if (SkipReason Why = whyNeverInstrumented(I); Why != SkipReason::None) {
        countSkip(Why);
        continue;
      }
      if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
        if (isInstrumentedMemIntrinsic(*MI))
          Add(I, isa<MemTransferInst>(MI) ? SchedPointKind::MemTransfer
                                          : SchedPointKind::MemSet);
      } else if (isa<FenceInst>(I)) {
        Add(I, SchedPointKind::Fence);
        ++NumEventFences;
      } else if (isa<AtomicRMWInst>(I)) {
        Add(I, SchedPointKind::AtomicRMW);
        ++NumEventAtomics;
      } else if (isa<AtomicCmpXchgInst>(I)) {
        Add(I, SchedPointKind::AtomicCmpXchg);
        ++NumEventAtomics;
      } else {
        const bool IsStore = isa<StoreInst>(I);
        if (I.isAtomic()) {
          Add(I, IsStore ? SchedPointKind::AtomicStore
                         : SchedPointKind::AtomicLoad);
          ++NumEventAtomics;
        } else if (IsStore ? cast<StoreInst>(I).isVolatile()
                           : cast<LoadInst>(I).isVolatile()) {
          Add(I, IsStore ? SchedPointKind::Write : SchedPointKind::Read);
          ++NumEventVolatile;
        } else if (SyncOnly) {
          ++NumSkippedGranularity;
        } else if (ClGuardedAccesses && isProvedGuarded(I, GuardedGroup)) {
          ++NumSkippedGuarded;
          ++SkippedGuarded;
        } else {
          Stretch.push_back(&I);
        }
      }
    }
    EndStretch();
  }
  return Out;
}
