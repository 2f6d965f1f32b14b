//===- SchedSanPass.cpp - Insert scheduling points ------------------------===//
//
// FILE:
//    pass/SchedSanPass.cpp
//
// DESCRIPTION:
//    Rewrites each function: for every Event the AccessClassifier returns, a
//    call to the runtime hook of that kind is inserted before the operation
//    (the operation itself is left unchanged: the runtime only decides when
//    the thread may perform it). Also inserts the optional function
//    enter/return events, emits the site table, and registers the module with
//    the runtime from a constructor. Hooks come from schedsan_interface.def.
//
// USAGE:
//    opt -load-pass-plugin=build/lib/SchedSanPass.so \
//        -passes="schedsan,verify" -S input.ll
//    clang -fpass-plugin=build/lib/SchedSanPass.so -O2 -c x.c
//===----------------------------------------------------------------------===//
#include "SchedSanPass.h"
#include "AccessClassifier.h"
#include "SchedSanOptions.h"
#include "SiteTable.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Config/abi-breaking.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
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

class Hooks {
public:
  Hooks(Module &M) {
    LLVMContext &C = M.getContext();
    IntPtrTy = M.getDataLayout().getIntPtrType(C);
    for (unsigned Id = 0; Id != NumHooks; ++Id) {
      SmallVector<Type *, 5> Params;
      for (ParamTag T : HookSpecs[Id].Params)
        Params.push_back(T == ParamTag::SIZE  ? IntPtrTy
                         : T == ParamTag::U32 ? static_cast<Type *>(Type::getInt32Ty(C))
                                              : PointerType::getUnqual(C));
      AttributeList Attrs = AttributeList().addFnAttribute(C, Attribute::NoUnwind);
      Callees[Id] = M.getOrInsertFunction(
          HookSpecs[Id].Name,
          FunctionType::get(Type::getVoidTy(C), Params, false), Attrs);
    }
  }
  FunctionCallee operator[](unsigned Id) const { return Callees[Id]; }
  Type *IntPtrTy;

private:
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
  case AtomicOrdering::Monotonic: return 0;
  case AtomicOrdering::Acquire: return 2;
  case AtomicOrdering::Release: return 3;
  case AtomicOrdering::AcquireRelease: return 4;
  case AtomicOrdering::SequentiallyConsistent: return 5;
  }
  llvm_unreachable("unknown atomic ordering");
}

// SCHEDSAN_RMW_* in schedsan_interface.h.
unsigned rmwOp(AtomicRMWInst::BinOp Op) {
  switch (Op) {
  case AtomicRMWInst::Xchg: return 0;
  case AtomicRMWInst::Add: return 1;
  case AtomicRMWInst::Sub: return 2;
  case AtomicRMWInst::And: return 3;
  case AtomicRMWInst::Nand: return 4;
  case AtomicRMWInst::Or: return 5;
  case AtomicRMWInst::Xor: return 6;
  case AtomicRMWInst::Max: return 7;
  case AtomicRMWInst::Min: return 8;
  case AtomicRMWInst::UMax: return 9;
  case AtomicRMWInst::UMin: return 10;
  default: return 11;
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

  void instrument(const Event &E);
  void instrumentFunctionBoundaries(Function &F);
  void emitModuleConstructor();

private:
  Value *intPtr(IRBuilder<> &IRB, Value *V) {
    return IRB.CreateZExtOrTrunc(V, H.IntPtrTy);
  }
  Constant *u32(unsigned V) {
    return ConstantInt::get(Type::getInt32Ty(M.getContext()), V);
  }

  Module &M;
  const DataLayout &DL;
  Hooks H;
  SiteTable Sites;
};

void Rewriter::instrument(const Event &E) {
  IRBuilder<> IRB(E.InsertBefore);
  Constant *Site = Sites.siteFor(*E.InsertBefore);
  Instruction &I = *E.Inst;

  switch (E.Kind) {
  case EventKind::Read:
  case EventKind::Write:
  case EventKind::Update: {
    Value *Addr = pointerOperand(I);
    TypeSize Size = DL.getTypeStoreSize(accessedType(I));
    unsigned First = E.Kind == EventKind::Read    ? Hook_read1
                     : E.Kind == EventKind::Write ? Hook_write1
                                                  : Hook_update1;
    if (!Size.isScalable() && isPowerOf2_64(Size) && Size <= 16) {
      IRB.CreateCall(H[First + Log2_64(Size)], {Addr, Site});
      return;
    }
    unsigned Range = E.Kind == EventKind::Read    ? Hook_read_range
                     : E.Kind == EventKind::Write ? Hook_write_range
                                                  : Hook_update_range;
    IRB.CreateCall(H[Range], {Addr, IRB.CreateTypeSize(H.IntPtrTy, Size), Site});
    return;
  }
  case EventKind::AtomicLoad:
  case EventKind::AtomicStore: {
    unsigned Size = DL.getTypeStoreSize(accessedType(I)).getFixedValue();
    AtomicOrdering O = isa<LoadInst>(I) ? cast<LoadInst>(I).getOrdering()
                                        : cast<StoreInst>(I).getOrdering();
    IRB.CreateCall(H[E.Kind == EventKind::AtomicLoad ? Hook_atomic_load
                                                     : Hook_atomic_store],
                   {pointerOperand(I), u32(Size), u32(memoryOrder(O)), Site});
    return;
  }
  case EventKind::AtomicRMW: {
    auto &RMW = cast<AtomicRMWInst>(I);
    unsigned Size = DL.getTypeStoreSize(accessedType(I)).getFixedValue();
    IRB.CreateCall(H[Hook_atomic_rmw],
                   {RMW.getPointerOperand(), u32(Size),
                    u32(rmwOp(RMW.getOperation())),
                    u32(memoryOrder(RMW.getOrdering())), Site});
    return;
  }
  case EventKind::AtomicCmpXchg: {
    auto &CX = cast<AtomicCmpXchgInst>(I);
    unsigned Size = DL.getTypeStoreSize(accessedType(I)).getFixedValue();
    IRB.CreateCall(H[Hook_atomic_cmpxchg],
                   {CX.getPointerOperand(), u32(Size),
                    u32(memoryOrder(CX.getSuccessOrdering())),
                    u32(memoryOrder(CX.getFailureOrdering())), Site});
    return;
  }
  case EventKind::Fence:
    IRB.CreateCall(H[Hook_atomic_fence],
                   {u32(memoryOrder(cast<FenceInst>(I).getOrdering())), Site});
    return;
  case EventKind::MemTransfer: {
    auto &MT = cast<MemTransferInst>(I);
    IRB.CreateCall(H[Hook_mem_transfer], {MT.getDest(), MT.getSource(),
                                          intPtr(IRB, MT.getLength()), Site});
    return;
  }
  case EventKind::MemSet: {
    auto &MS = cast<MemSetInst>(I);
    IRB.CreateCall(H[Hook_mem_set],
                   {MS.getDest(), intPtr(IRB, MS.getLength()), Site});
    return;
  }
  case EventKind::Call:
    IRB.CreateCall(H[Hook_call], {cast<CallBase>(I).getCalledOperand(), Site});
    return;
  }
}

void Rewriter::instrumentFunctionBoundaries(Function &F) {
  Constant *Site = Sites.siteForFunction(F);
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
  Entry.CreateCall(H[Hook_func_entry], {Site});
  for (BasicBlock &BB : F) {
    Instruction *Term = BB.getTerminator();
    if (!isa<ReturnInst, ResumeInst>(Term))
      continue;
    // A musttail call must stay right before its ret: exit before the call.
    Instruction *Before = Term;
    if (CallInst *Tail = BB.getTerminatingMustTailCall())
      Before = Tail;
    IRBuilder<> Exit(Before);
    Exit.CreateCall(H[Hook_func_exit], {Site});
  }
}

void Rewriter::emitModuleConstructor() {
  auto [Begin, End] = Sites.finalize();
  LLVMContext &C = M.getContext();
  Function *Ctor = Function::createWithDefaultAttr(
      FunctionType::get(Type::getVoidTy(C), false),
      GlobalValue::InternalLinkage, 0, "schedsan.module_ctor", &M);
  Ctor->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> IRB(BasicBlock::Create(C, "", Ctor));
  IRB.CreateCall(H[Hook_init_module], {Begin, End});
  IRB.CreateRetVoid();
  // Priority 1, like the sanitizers: before user constructors start threads.
  appendToGlobalCtors(M, Ctor, 1);
}

// Functions annotated __attribute__((annotate("schedsan_ignore"))) get the
// same function attribute that [[schedsan::ignore]] sets.
void markAnnotatedIgnores(Module &M) {
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
    auto *Str = dyn_cast<GlobalVariable>(CS->getOperand(1)->stripPointerCasts());
    if (!F || !Str || !Str->hasInitializer())
      continue;
    auto *Text = dyn_cast<ConstantDataArray>(Str->getInitializer());
    if (Text && Text->isCString() && Text->getAsCString() == "schedsan_ignore")
      F->addFnAttr("schedsan-ignore");
  }
}

} // namespace

PreservedAnalyses SchedSanPass::run(Module &M, ModuleAnalysisManager &) {
  // Instrument once, even if both -fpass-plugin and -passes= ask for it.
  if (M.getModuleFlag("schedsan.instrumented"))
    return PreservedAnalyses::all();
  M.addModuleFlag(Module::Max, "schedsan.instrumented", 1);
  markAnnotatedIgnores(M);

  Rewriter R(M);
  AccessClassifier Classifier(M.getDataLayout());
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (AccessClassifier::isIgnored(F)) {
      Classifier.countIgnored(F);
      continue;
    }
    for (const Event &E : Classifier.classify(F))
      R.instrument(E);
    if (ClFuncEvents)
      R.instrumentFunctionBoundaries(F);
  }
  R.emitModuleConstructor();
#if !LLVM_ENABLE_ABI_BREAKING_CHECKS && !LLVM_FORCE_ENABLE_STATS
  // This LLVM cannot print statistics itself (see printStatistics).
  if (AreStatisticsEnabled())
    printStatistics(errs());
#endif
  return PreservedAnalyses::none();
}

//===----------------------------------------------------------------------===//
// New PM registration
//===----------------------------------------------------------------------===//
static PassPluginLibraryInfo getSchedSanPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "SchedSan", LLVM_VERSION_STRING,
          [](PassBuilder &PB) {
            // opt -passes=schedsan
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM,
                   ArrayRef<PassBuilder::PipelineElement>) {
                  if (Name != "schedsan")
                    return false;
                  MPM.addPass(SchedSanPass());
                  return true;
                });
            // clang -fpass-plugin=: last in the optimization pipeline, at
            // every -O level (the -O0 pipeline runs these callbacks too).
            PB.registerOptimizerLastEPCallback(
                [](ModulePassManager &MPM, OptimizationLevel
#if LLVM_VERSION_MAJOR >= 20
                   ,
                   ThinOrFullLTOPhase
#endif
                ) { MPM.addPass(SchedSanPass()); });
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return getSchedSanPluginInfo();
}
