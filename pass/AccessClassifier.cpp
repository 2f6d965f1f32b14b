//===- AccessClassifier.cpp - Which operations become events --------------===//
//
// FILE:
//    pass/AccessClassifier.cpp
//
// DESCRIPTION:
//    In the spirit of ThreadSanitizer's instrumentation: atomics, fences and
//    volatile accesses always become scheduling points; plain loads and
//    stores do unless the address is provably thread-local or immutable.
//    Plain accesses are collected per basic block between calls, so that a
//    read followed by a write of the same address becomes one compound event.
//
//    Statistics are TrackingStatistic rather than STATISTIC: Debian's LLVM is
//    built without assertions, where STATISTIC compiles to a no-op, and the
//    per-filter counts are part of what the pass reports (`opt -stats`,
//    `clang -mllvm -stats`).
//===----------------------------------------------------------------------===//
#include "AccessClassifier.h"
#include "SchedSanOptions.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
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

// Why an access was skipped: one statistic per reason.
SCHEDSAN_STATISTIC(NumSkippedLocalAlloca, "Skipped: non-escaping alloca");
SCHEDSAN_STATISTIC(NumSkippedConstGlobal, "Skipped: read of constant global");
SCHEDSAN_STATISTIC(NumSkippedThreadLocal, "Skipped: thread_local global");
SCHEDSAN_STATISTIC(NumSkippedVtable, "Skipped: vtable pointer access");
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

// Every statistic above, for printStatistics().
static TrackingStatistic *const AllStatistics[] = {
    &NumEventReads,         &NumEventWrites,        &NumEventUpdates,
    &NumEventVolatile,      &NumEventAtomics,       &NumEventFences,
    &NumEventMemIntrinsics, &NumEventCalls,         &NumSkippedLocalAlloca,
    &NumSkippedConstGlobal, &NumSkippedThreadLocal, &NumSkippedVtable,
    &NumSkippedInvariant,   &NumSkippedReadBeforeWrite,
    &NumSkippedIgnoredFunction, &NumSkippedCounter, &NumSkippedGranularity,
    &NumSkippedAddrSpace};

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
  case SkipReason::None: break;
  case SkipReason::AddrSpace: ++NumSkippedAddrSpace; break;
  case SkipReason::Counter: ++NumSkippedCounter; break;
  case SkipReason::ThreadLocal: ++NumSkippedThreadLocal; break;
  case SkipReason::ConstGlobal: ++NumSkippedConstGlobal; break;
  case SkipReason::Vtable: ++NumSkippedVtable; break;
  case SkipReason::Invariant: ++NumSkippedInvariant; break;
  case SkipReason::LocalAlloca: ++NumSkippedLocalAlloca; break;
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

bool isVtableAccess(const Instruction &I) {
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

uint64_t storeSize(const DataLayout &DL, const Instruction &I) {
  Type *Ty = isa<StoreInst>(I) ? cast<StoreInst>(I).getValueOperand()->getType()
                               : I.getType();
  TypeSize Size = DL.getTypeStoreSize(Ty);
  return Size.isScalable() ? 0 : Size.getFixedValue();
}

} // namespace

bool AccessClassifier::isIgnored(const Function &F) {
  return F.hasFnAttribute("schedsan-ignore") ||
         F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation) ||
         F.hasFnAttribute(Attribute::Naked);
}

void AccessClassifier::countIgnored(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst, FenceInst,
            MemIntrinsic>(I))
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

// Whether Addr may be touched by another thread; sets Why when it cannot.
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
  if (isVtableAccess(I))
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

// Local holds the plain, non-volatile loads and stores of one block between
// two calls, in program order. Walking backwards, a read of an address that
// a later write in the same stretch also touches is folded into that write.
void AccessClassifier::classifyBlockAccesses(ArrayRef<Instruction *> Local,
                                             SmallVectorImpl<Event> &Out) {
  SmallDenseMap<const Value *, size_t, 8> WriteTargets; // address -> Out index
  for (Instruction *I : reverse(Local)) {
    const bool IsWrite = isa<StoreInst>(I);
    const Value *Addr = getLoadStorePointerOperand(I);
    if (!isSharedAddress(Addr, !IsWrite, *I))
      continue;
    if (!IsWrite) {
      auto It = WriteTargets.find(Addr);
      if (It != WriteTargets.end() &&
          storeSize(DL, *I) <= storeSize(DL, *Out[It->second].Inst)) {
        Event &W = Out[It->second];
        if (W.Kind == EventKind::Write) {
          --NumEventWrites;
          ++NumEventUpdates;
        }
        W.Kind = EventKind::Update;
        W.InsertBefore = I; // the point goes before the earliest read
        ++NumSkippedReadBeforeWrite;
        continue;
      }
    }
    Out.push_back({I, I, IsWrite ? EventKind::Write : EventKind::Read});
    ++(IsWrite ? NumEventWrites : NumEventReads);
    if (IsWrite)
      WriteTargets[Addr] = Out.size() - 1;
  }
}

void AccessClassifier::classifyMemIntrinsic(Instruction &I,
                                            SmallVectorImpl<Event> &Out) {
  if (!ClMemIntrinsics)
    return;
  auto &MI = cast<MemIntrinsic>(I);
  const bool Always = MI.isVolatile();
  if (!Always && ClGranularity == Granularity::Sync) {
    ++NumSkippedGranularity;
    return;
  }
  auto IsLocal = [this](const Value *Obj) { return isNonEscapingAlloca(Obj); };
  SkipReason DstWhy = whyNotShared(MI.getDest(), /*IsRead=*/false, I, IsLocal);
  SkipReason SrcWhy = SkipReason::LocalAlloca; // memset reads nothing
  if (auto *MT = dyn_cast<MemTransferInst>(&MI))
    SrcWhy = whyNotShared(MT->getSource(), /*IsRead=*/true, I, IsLocal);
  if (!Always && DstWhy != SkipReason::None && SrcWhy != SkipReason::None) {
    countSkip(DstWhy);
    return;
  }
  Out.push_back({&I, &I,
                 isa<MemTransferInst>(MI) ? EventKind::MemTransfer
                                          : EventKind::MemSet});
  ++NumEventMemIntrinsics;
}

SmallVector<Event, 16> AccessClassifier::classify(Function &F) {
  SmallVector<Event, 16> Out;
  SmallVector<Instruction *, 16> Local;
  const bool SyncOnly = ClGranularity == Granularity::Sync;
  auto Flush = [&] {
    classifyBlockAccesses(Local, Out);
    Local.clear();
  };

  for (BasicBlock &BB : F) {
    for (Instruction &I : BB) {
      if (isa<LoadInst, StoreInst>(I)) {
        const bool IsStore = isa<StoreInst>(I);
        if (I.isAtomic()) {
          Out.push_back({&I, &I,
                         IsStore ? EventKind::AtomicStore
                                 : EventKind::AtomicLoad});
          ++NumEventAtomics;
        } else if (IsStore ? cast<StoreInst>(I).isVolatile()
                           : cast<LoadInst>(I).isVolatile()) {
          Out.push_back({&I, &I, IsStore ? EventKind::Write : EventKind::Read});
          ++NumEventVolatile;
        } else if (SyncOnly) {
          ++NumSkippedGranularity;
        } else {
          Local.push_back(&I);
        }
      } else if (isa<AtomicRMWInst>(I)) {
        Out.push_back({&I, &I, EventKind::AtomicRMW});
        ++NumEventAtomics;
      } else if (isa<AtomicCmpXchgInst>(I)) {
        Out.push_back({&I, &I, EventKind::AtomicCmpXchg});
        ++NumEventAtomics;
      } else if (isa<FenceInst>(I)) {
        Out.push_back({&I, &I, EventKind::Fence});
        ++NumEventFences;
      } else if (isa<MemIntrinsic>(I)) {
        classifyMemIntrinsic(I, Out);
        Flush();
      } else if (auto *CB = dyn_cast<CallBase>(&I)) {
        auto *II = dyn_cast<IntrinsicInst>(CB);
        if (II && II->isAssumeLikeIntrinsic())
          continue; // debug info, lifetime markers: not a call
        if (ClCallEvents && !II && !CB->isInlineAsm()) {
          Out.push_back({&I, &I, EventKind::Call});
          ++NumEventCalls;
        }
        Flush();
      }
    }
    Flush();
  }
  return Out;
}
