//===- AccessClassifier.h - Where the scheduling points go ------*- C++ -*-===//
//
// FILE:
//    pass/AccessClassifier.h
//
// DESCRIPTION:
//    Decides, for one function, which instructions get a scheduling point in
//    front of them and of what kind. It only reads the IR; SchedSanPass does
//    the rewriting. Every reason to skip an access has its own statistic
//    (see AccessClassifier.cpp), so `-stats` shows what each filter saved.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_PASS_ACCESS_CLASSIFIER_H
#define SCHEDSAN_PASS_ACCESS_CLASSIFIER_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/raw_ostream.h"

namespace schedsan {

// The runtime hook a scheduling point calls (schedsan_interface.def), which
// reports the runtime event of the same name (common/Event.h).
enum class SchedPointKind {
  Read,   // plain load
  Write,  // plain store
  Update, // -schedsan-compound-updates: load + store of one address and
          // size, no other point between them: one point
  AtomicLoad,
  AtomicStore,
  AtomicRMW,
  AtomicCmpXchg,
  Fence,
  MemTransfer, // memcpy / memmove
  MemSet,
  Call,     // -schedsan-call-events
  InlineAsm // the memory operands of an inline assembly call
};

// One scheduling point to insert: a call to the hook of kind Kind for the
// operation Inst, inserted before InsertBefore (Inst itself, except for an
// Update, whose point goes before the first of its reads).
struct SchedPoint {
  llvm::Instruction *Inst;
  llvm::Instruction *InsertBefore;
  SchedPointKind Kind;
};

// One memory operand of an inline assembly call: its address, the type the
// assembly accesses there (the operand's elementtype), and whether the
// assembly reads it (an input), writes it (an output) or both.
struct AsmMemoryOperand {
  llvm::Value *Addr;
  llvm::Type *Ty;
  bool Reads;
  bool Writes;
};

// The memory operands of the inline assembly call CB (a call instruction,
// not a callbr), one per address, in the order of the constraints.
llvm::SmallVector<AsmMemoryOperand, 2>
asmMemoryOperands(const llvm::CallBase &CB);

// Function attributes: an ignored function (from "schedsan_ignore" or
// "schedsan_atomic"); an atomic one; an atomic one whose entry point was
// inserted (SchedSanMarkIgnoredPass.cpp).
constexpr const char *IgnoreAttrName = "schedsan-ignore";
constexpr const char *AtomicAttrName = "schedsan-atomic";
constexpr const char *AtomicPointAttrName = "schedsan-atomic-point";

// The hook an atomic function's entry point calls, with a null site until
// SchedSanPass gives it one.
constexpr const char *AtomicPointHookName = "__schedsan_call";

// Instruction metadata marking code of an ignored function, set before
// inlining (SchedSanMarkIgnoredPass.cpp) so that copies inlined into
// instrumented functions stay uninstrumented too.
constexpr const char *IgnoreMDName = "schedsan.ignore";

// The module flag SchedSanPass sets on the module it instrumented; both
// passes leave a module that has it alone.
constexpr const char *InstrumentedFlagName = "schedsan.instrumented";

// Prints the pass's statistics in LLVM's -stats format. Needed because a
// release-built LLVM (Debian's) compiles its own statistics printer out:
// the counters are kept, only the printing is missing.
void printStatistics(llvm::raw_ostream &OS);

class AccessClassifier {
public:
  explicit AccessClassifier(const llvm::DataLayout &DL) : DL(DL) {}

  // Functions the user asked to leave alone: `schedsan-ignore` (set from
  // [[schedsan::ignore]] or __attribute__((annotate("schedsan_ignore")))),
  // disable_sanitizer_instrumentation, naked. Memory operations carrying
  // !schedsan.ignore (inlined from such a function) are skipped too.
  static bool isIgnored(const llvm::Function &F);

  // Counts the memory operations of an ignored function in its statistic.
  void countIgnored(const llvm::Function &F);

  // The scheduling points of F in program order (an Update at its Inst, the
  // write), so that site ids follow the source.
  llvm::SmallVector<SchedPoint, 16> classify(llvm::Function &F);

  // How many accesses classify() skipped as proved made under their lock:
  // other threads' such accesses have no events.
  unsigned skippedGuarded() const { return SkippedGuarded; }

private:
  void classifyStretch(llvm::ArrayRef<llvm::Instruction *> Stretch,
                       llvm::SmallVectorImpl<SchedPoint> &Out);
  bool isSharedAddress(const llvm::Value *Addr, bool IsRead,
                       const llvm::Instruction &I);
  bool isNonEscapingAlloca(const llvm::Value *Addr);
  bool isInstrumentedMemIntrinsic(const llvm::MemIntrinsic &MI);

  const llvm::DataLayout &DL;
  llvm::DenseMap<const llvm::AllocaInst *, bool> AllocaEscapes;
  const llvm::MDNode *GuardedGroup = nullptr; // of the module being classified
  unsigned SkippedGuarded = 0;
};

} // namespace schedsan

#endif // SCHEDSAN_PASS_ACCESS_CLASSIFIER_H
