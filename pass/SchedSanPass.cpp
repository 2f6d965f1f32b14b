//===- SchedSanPass.cpp - Insert scheduling points ------------------------===//
//
// FILE:
//    pass/SchedSanPass.cpp
//
// DESCRIPTION:
//    Rewrites each function: for every SchedPoint the AccessClassifier returns,
//    a call to the runtime hook of that kind is inserted before the operation
//    (the operation itself is left unchanged: the runtime only decides when
//    the thread may perform it). Also inserts the optional function
//    enter/return events (each with the function's address; every function
//    with -schedsan-func-events, the named ones with -schedsan-func-filter),
//    emits the site table, and registers the module with the runtime from a
//    constructor. Hooks come from schedsan_interface.def.
//
//    Runs last in clang's pipeline (OptimizerLast, every -O level; see
//    SchedSanPlugin.cpp), long after SchedSanMarkIgnoredPass tagged the code
//    of ignored functions; it tags them again first (markIgnored), for
//    pipelines without that pass, and gives the entry points of atomic
//    functions their sites. Afterwards, function attributes inferred
//    from the uninstrumented code (memory effects, nosync, willreturn) are
//    dropped: the hooks block.
//
// USAGE:
//    opt -load-pass-plugin=build/lib/SchedSanPass.so
//        -passes="schedsan,verify" -S input.ll
//    clang -fpass-plugin=build/lib/SchedSanPass.so -O2 -c x.c
//===----------------------------------------------------------------------===//
#include "SchedSanPass.h"
#include "AccessClassifier.h"
#include "FunctionFilter.h"
#include "SchedSanMarkIgnoredPass.h"
#include "SchedSanOptions.h"
#include "SiteTable.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Config/abi-breaking.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;
using namespace schedsan;

namespace {

//===----------------------------------------------------------------------===//
// The hooks, generated from the shared X-macro list.
//===----------------------------------------------------------------------===//
enum HookId : unsigned {
#define SCHEDSAN_HOOK(Name, ...) Hook_##Name,
#include "schedsan/schedsan_interface.def"
#undef SCHEDSAN_HOOK
  NumHooks
};

// The sized hooks of a kind follow each other by size (1, 2, 4, 8, 16
// bytes): the rewriter calls First + log2(size).
#define SCHEDSAN_SIZES_IN_ORDER(Kind)                                          \
  (Hook_##Kind##2 == Hook_##Kind##1 + 1 &&                                     \
   Hook_##Kind##4 == Hook_##Kind##1 + 2 &&                                     \
   Hook_##Kind##8 == Hook_##Kind##1 + 3 &&                                     \
   Hook_##Kind##16 == Hook_##Kind##1 + 4)
static_assert(SCHEDSAN_SIZES_IN_ORDER(read) && SCHEDSAN_SIZES_IN_ORDER(write) &&
                  SCHEDSAN_SIZES_IN_ORDER(update),
              "schedsan_interface.def: sized hooks of a kind in size order");
#undef SCHEDSAN_SIZES_IN_ORDER

enum class ParamTag { PTR, SIZE, U32, SITE };

struct HookSpec {
  const char *Name;
  std::initializer_list<ParamTag> Params;
};

#define PTR ParamTag::PTR
#define SIZE ParamTag::SIZE
#define U32 ParamTag::U32
#define SITE ParamTag::SITE
const HookSpec HookSpecs[NumHooks] = {
#define SCHEDSAN_HOOK(Name, ...) {"__schedsan_" #Name, {__VA_ARGS__}},
#include "schedsan/schedsan_interface.def"
#undef SCHEDSAN_HOOK
};
#undef PTR
#undef SIZE
#undef U32
#undef SITE

// Declares each hook on first use, so a module names only the hooks it calls.
class Hooks {
public:
  Hooks(Module &M)
      : M(M), IntPtrTy(M.getDataLayout().getIntPtrType(M.getContext())) {}

  FunctionCallee operator[](unsigned Id) {
    if (!Callees[Id]) {
      LLVMContext &C = M.getContext();
      SmallVector<Type *, 5> Params;
      Type *I32 = Type::getInt32Ty(C);
      for (ParamTag T : HookSpecs[Id].Params)
        Params.push_back(T == ParamTag::SIZE  ? IntPtrTy
                         : T == ParamTag::U32 ? I32
                                              : PointerType::getUnqual(C));
      AttributeList Attrs =
          AttributeList().addFnAttribute(C, Attribute::NoUnwind);
      Callees[Id] = M.getOrInsertFunction(
          HookSpecs[Id].Name,
          FunctionType::get(Type::getVoidTy(C), Params, false), Attrs);
    }
    return Callees[Id];
  }
  Type *intPtrTy() const { return IntPtrTy; }

private:
  Module &M;
  Type *IntPtrTy;
  FunctionCallee Callees[NumHooks];
};

//===----------------------------------------------------------------------===//
// Operand helpers
//===----------------------------------------------------------------------===//
// C11 memory_order values, as in schedsan_interface.h.
unsigned memoryOrder(AtomicOrdering O) {
  switch (O) {
  case AtomicOrdering::NotAtomic:
  case AtomicOrdering::Unordered:
  case AtomicOrdering::Monotonic:
    return 0;
  case AtomicOrdering::Acquire:
    return 2;
  case AtomicOrdering::Release:
    return 3;
  case AtomicOrdering::AcquireRelease:
    return 4;
  case AtomicOrdering::SequentiallyConsistent:
    return 5;
  }
  llvm_unreachable("unknown atomic ordering");
}

// SCHEDSAN_RMW_* in schedsan_interface.h.
unsigned rmwOp(AtomicRMWInst::BinOp Op) {
  switch (Op) {
  case AtomicRMWInst::Xchg:
    return 0;
  case AtomicRMWInst::Add:
    return 1;
  case AtomicRMWInst::Sub:
    return 2;
  case AtomicRMWInst::And:
    return 3;
  case AtomicRMWInst::Nand:
    return 4;
  case AtomicRMWInst::Or:
    return 5;
  case AtomicRMWInst::Xor:
    return 6;
  case AtomicRMWInst::Max:
    return 7;
  case AtomicRMWInst::Min:
    return 8;
  case AtomicRMWInst::UMax:
    return 9;
  case AtomicRMWInst::UMin:
    return 10;
  default:
    return 11;
  }
}

Type *accessedType(const Instruction &I) {
  if (auto *SI = dyn_cast<StoreInst>(&I))
    return SI->getValueOperand()->getType();
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getValOperand()->getType();
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return CX->getNewValOperand()->getType();
  return I.getType(); // load
}

Value *pointerOperand(Instruction &I) {
  if (Value *P = getLoadStorePointerOperand(&I))
    return P;
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getPointerOperand();
  return cast<AtomicCmpXchgInst>(I).getPointerOperand();
}

//===----------------------------------------------------------------------===//
// The rewriter
//===----------------------------------------------------------------------===//
class Rewriter {
public:
  Rewriter(Module &M) : M(M), DL(M.getDataLayout()), H(M), Sites(M) {}

  void instrument(const SchedPoint &P);
  void instrumentFunctionBoundaries(Function &F);
  void giveAtomicPointsSites();
  void emitModuleConstructor(unsigned SkippedGuarded);

private:
  Value *intPtr(IRBuilder<> &IRB, Value *V) {
    return IRB.CreateZExtOrTrunc(V, H.intPtrTy());
  }
  Constant *u32(unsigned V) {
    return ConstantInt::get(Type::getInt32Ty(M.getContext()), V);
  }

  Module &M;
  const DataLayout &DL;
  Hooks H;
  SiteTable Sites;
};

void Rewriter::instrument(const SchedPoint &P) {
  // Points are only made for memory operations and calls, so the point is
  // never before a PHI, a landingpad or another EH pad.
  assert(!isa<PHINode>(P.InsertBefore) && !P.InsertBefore->isEHPad() &&
         "a hook cannot go before a PHI or an EH pad");
  IRBuilder<> IRB(P.InsertBefore);
  Constant *Site = Sites.siteFor(*P.InsertBefore);
  Instruction &I = *P.Inst;

  switch (P.Kind) {
  case SchedPointKind::Read:
  case SchedPointKind::Write:
  case SchedPointKind::Update: {
    Value *Addr = pointerOperand(I);
    TypeSize Size = DL.getTypeStoreSize(accessedType(I));
    unsigned First = P.Kind == SchedPointKind::Read    ? Hook_read1
                     : P.Kind == SchedPointKind::Write ? Hook_write1
                                                       : Hook_update1;
    if (!Size.isScalable() && isPowerOf2_64(Size) && Size <= 16) {
      IRB.CreateCall(H[First + Log2_64(Size)], {Addr, Site});
      return;
    }
    unsigned Range = P.Kind == SchedPointKind::Read    ? Hook_read_range
                     : P.Kind == SchedPointKind::Write ? Hook_write_range
                                                       : Hook_update_range;
    IRB.CreateCall(H[Range],
                   {Addr, IRB.CreateTypeSize(H.intPtrTy(), Size), Site});
    return;
  }
  case SchedPointKind::AtomicLoad:
  case SchedPointKind::AtomicStore: {
    unsigned Size = DL.getTypeStoreSize(accessedType(I)).getFixedValue();
    AtomicOrdering O = isa<LoadInst>(I) ? cast<LoadInst>(I).getOrdering()
                                        : cast<StoreInst>(I).getOrdering();
    IRB.CreateCall(H[P.Kind == SchedPointKind::AtomicLoad ? Hook_atomic_load
                                                          : Hook_atomic_store],
                   {pointerOperand(I), u32(Size), u32(memoryOrder(O)), Site});
    return;
  }
  case SchedPointKind::AtomicRMW: {
    auto &RMW = cast<AtomicRMWInst>(I);
    unsigned Size = DL.getTypeStoreSize(accessedType(I)).getFixedValue();
    IRB.CreateCall(H[Hook_atomic_rmw],
                   {RMW.getPointerOperand(), u32(Size),
                    u32(rmwOp(RMW.getOperation())),
                    u32(memoryOrder(RMW.getOrdering())), Site});
    return;
  }
  case SchedPointKind::AtomicCmpXchg: {
    auto &CX = cast<AtomicCmpXchgInst>(I);
    unsigned Size = DL.getTypeStoreSize(accessedType(I)).getFixedValue();
    IRB.CreateCall(H[Hook_atomic_cmpxchg],
                   {CX.getPointerOperand(), u32(Size),
                    u32(memoryOrder(CX.getSuccessOrdering())),
                    u32(memoryOrder(CX.getFailureOrdering())), Site});
    return;
  }
  case SchedPointKind::Fence:
    IRB.CreateCall(H[Hook_atomic_fence],
                   {u32(memoryOrder(cast<FenceInst>(I).getOrdering())), Site});
    return;
  case SchedPointKind::MemTransfer: {
    auto &MT = cast<MemTransferInst>(I);
    IRB.CreateCall(H[Hook_mem_transfer], {MT.getDest(), MT.getSource(),
                                          intPtr(IRB, MT.getLength()), Site});
    return;
  }
  case SchedPointKind::MemSet: {
    auto &MS = cast<MemSetInst>(I);
    IRB.CreateCall(H[Hook_mem_set],
                   {MS.getDest(), intPtr(IRB, MS.getLength()), Site});
    return;
  }
  case SchedPointKind::Call:
    IRB.CreateCall(H[Hook_call], {cast<CallBase>(I).getCalledOperand(), Site});
    return;
  case SchedPointKind::InlineAsm:
    // Sequentially consistent: the assembly's ordering is unknown (and
    // the runtime does not model weaker ones).
    for (const AsmMemoryOperand &O : asmMemoryOperands(cast<CallBase>(I))) {
      Constant *Size = u32(DL.getTypeStoreSize(O.Ty).getFixedValue());
      Constant *SeqCst =
          u32(memoryOrder(AtomicOrdering::SequentiallyConsistent));
      if (O.Reads && O.Writes)
        IRB.CreateCall(H[Hook_atomic_rmw],
                       {O.Addr, Size,
                        u32(rmwOp(AtomicRMWInst::BAD_BINOP)), // other
                        SeqCst, Site});
      else
        IRB.CreateCall(H[O.Writes ? Hook_atomic_store : Hook_atomic_load],
                       {O.Addr, Size, SeqCst, Site});
    }
    return;
  }
}

void Rewriter::instrumentFunctionBoundaries(Function &F) {
  Constant *Site = Sites.siteForFunction(F);
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
  Entry.CreateCall(H[Hook_func_entry], {&F, Site});
  for (BasicBlock &BB : F) {
    Instruction *Term = BB.getTerminator();
    if (!isa<ReturnInst, ResumeInst>(Term))
      continue;
    // A musttail call must stay right before its ret: exit before the call.
    Instruction *Before = Term;
    if (CallInst *Tail = BB.getTerminatingMustTailCall())
      Before = Tail;
    IRBuilder<> Exit(Before);
    Exit.CreateCall(H[Hook_func_exit], {&F, Site});
  }
}

// The entry points of atomic functions (SchedSanMarkIgnoredPass.cpp) were
// inserted with a null site, before inlining: each copy gets the site of
// its own location.
void Rewriter::giveAtomicPointsSites() {
  Function *Hook = M.getFunction(AtomicPointHookName);
  if (!Hook)
    return;
  for (User *U : Hook->users())
    if (auto *CI = dyn_cast<CallInst>(U);
        CI && CI->getCalledOperand() == Hook &&
        isa<ConstantPointerNull>(CI->getArgOperand(1)))
      CI->setArgOperand(1, Sites.siteFor(*CI));
}

void Rewriter::emitModuleConstructor(unsigned SkippedGuarded) {
  auto [Begin, End] = Sites.finalize();
  LLVMContext &C = M.getContext();
  Function *Ctor = Function::createWithDefaultAttr(
      FunctionType::get(Type::getVoidTy(C), false),
      GlobalValue::InternalLinkage, 0, "schedsan.module_ctor", &M);
  Ctor->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> IRB(BasicBlock::Create(C, "", Ctor));
  IRB.CreateCall(H[Hook_init_module], {Begin, End});
  if (SkippedGuarded)
    IRB.CreateCall(H[Hook_guarded_accesses_skipped],
                   {IRB.getInt32(SkippedGuarded)});
  IRB.CreateRetVoid();
  // Priority 1, like the sanitizers: before user constructors start threads.
  appendToGlobalCtors(M, Ctor, 1);
}

// Attributes that earlier passes inferred from the uninstrumented code and
// that the hooks make false: a hook blocks until the scheduler picks the
// thread (it synchronizes, touches the runtime's memory) and may end the
// process (deadlock reports). Left in place, codegen or an LTO link could
// delete, hoist or merge calls to instrumented functions.
void dropStaleAttributes(Module &M) {
  AttributeMask Stale;
  Stale.addAttribute(Attribute::Memory);
  Stale.addAttribute(Attribute::NoSync);
  Stale.addAttribute(Attribute::WillReturn);
  Stale.addAttribute(Attribute::Speculatable);
  for (Function &F : M) {
    if (F.isDeclaration())
      continue; // external and library functions keep their own
    F.removeFnAttrs(Stale);
    for (BasicBlock &BB : F)
      for (Instruction &I : BB) {
        auto *CB = dyn_cast<CallBase>(&I);
        if (!CB)
          continue;
        Function *Callee = CB->getCalledFunction();
        if (!Callee || !Callee->isDeclaration())
          CB->removeFnAttrs(Stale);
      }
  }
}

} // namespace

PreservedAnalyses SchedSanPass::run(Module &M, ModuleAnalysisManager &) {
  // Instrument once, even if both -fpass-plugin and -passes= ask for it.
  if (M.getModuleFlag(InstrumentedFlagName))
    return PreservedAnalyses::all();
  M.addModuleFlag(Module::Max, InstrumentedFlagName, 1);
  markIgnored(M); // again: -passes=schedsan runs without the early pass

  Rewriter R(M);
  R.giveAtomicPointsSites();
  AccessClassifier Classifier(M.getDataLayout());
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (AccessClassifier::isIgnored(F)) {
      Classifier.countIgnored(F);
      continue;
    }
    for (const SchedPoint &P : Classifier.classify(F))
      R.instrument(P);
    if (wantsFunctionEvents(F))
      R.instrumentFunctionBoundaries(F);
  }
  R.emitModuleConstructor(Classifier.skippedGuarded());
  dropStaleAttributes(M);
#if !LLVM_ENABLE_ABI_BREAKING_CHECKS && !LLVM_FORCE_ENABLE_STATS
  // This LLVM cannot print statistics itself (see printStatistics).
  if (AreStatisticsEnabled())
    printStatistics(errs());
#endif
  return PreservedAnalyses::none();
}
