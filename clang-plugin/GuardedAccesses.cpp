//===- GuardedAccesses.cpp - Accesses made under their GUARDED_BY lock ----===//
//
// FILE:
//    clang-plugin/GuardedAccesses.cpp
//
// DESCRIPTION:
//    An access to a field or variable annotated GUARDED_BY(mu) (or what a
//    PT_GUARDED_BY(mu) pointer points to) made while mu is held needs no
//    scheduling point of its own: the acquire of mu was the point, and no
//    other thread can touch the data until mu is released. This plugin
//    action (run before CodeGen) finds such accesses with Clang's own
//    thread-safety analysis and tells the pass through three annotations
//    (schedsan_annotations.h):
//      - every guarded field and global variable gets
//        "schedsan_guarded" / "schedsan_pt_guarded": CodeGen then wraps each
//        address of the field it computes in llvm.ptr.annotation and lists
//        the variable in llvm.global.annotations, so the pass knows exactly
//        which IR accesses touch guarded data;
//      - a function whose every guarded access is proved made under its
//        lock gets "schedsan_locks_proved".
//    The pass (pass/GuardedAccesses.cpp) drops the points of the plain loads
//    and stores of guarded data in proved functions, before inlining. This
//    needs no debug information and no matching of source locations.
//
//    Sound means: when unsure, keep the point. The analysis is a warning
//    tool, so a function is proved only when nothing could make it wrong:
//      - the analysis ran on it (not a constructor or destructor, not
//        NO_THREAD_SAFETY_ANALYSIS) and reported nothing about locks or
//        accesses (a missing lock, a double or unmatched unlock, a lock held
//        at the end of a scope, an expression it cannot resolve);
//      - it holds no lock on entry by contract: no REQUIRES,
//        REQUIRES_SHARED or RELEASE of its own, no call of an
//        ASSERT_CAPABILITY function (callers in other translation units or
//        through pointers are not checked);
//      - each guarded access is an element of a block of the analysed CFG
//        that is reachable from its entry (catch handlers, default
//        arguments and unevaluated code are not analysed);
//      - each guard is a global lock object or, in C++, a lock member of
//        the same object (GUARDED_BY(mu) on a field); and, for a member
//        lock, the object is named the same at the lock and at the access:
//        `this`, an object variable, or a pointer variable the function
//        never changes (the analysis compares lock expressions by their
//        text, so `p = q` between the lock and the access would fool it).
//    The annotations themselves are trusted as written, as -Wthread-safety
//    trusts them: a lock function that is not ACQUIRE, an unlock that is
//    not RELEASE, make the analysis wrong.
//===----------------------------------------------------------------------===//
#include "schedsan/schedsan_annotations.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/ThreadSafety.h"
#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace {

//===----------------------------------------------------------------------===//
// Guarded declarations and their guards
//===----------------------------------------------------------------------===//
bool isGuarded(const Decl *D) {
  return D->hasAttr<GuardedByAttr>() || D->hasAttr<PtGuardedByAttr>();
}

// Whether D asserts that a lock is held: assert_capability, and before
// Clang 22 (which folded them into it) assert_exclusive_lock and
// assert_shared_lock.
bool assertsLock(const Decl *D) {
  return D->hasAttr<AssertCapabilityAttr>()
#if CLANG_VERSION_MAJOR < 22
         || D->hasAttr<AssertExclusiveLockAttr>() ||
         D->hasAttr<AssertSharedLockAttr>()
#endif
      ;
}

// The declaration a guarded access names: a field or variable with
// GUARDED_BY / PT_GUARDED_BY, else null.
const ValueDecl *guardedDecl(const Expr *E) {
  const ValueDecl *D = nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    D = ME->getMemberDecl();
  else if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    D = DRE->getDecl();
  return D && isa<FieldDecl, VarDecl>(D) && isGuarded(D) ? D : nullptr;
}

enum class GuardKind {
  Global, // a global lock object: held or not, whatever object is accessed
  Member, // a lock member of the accessed object (C++ `GUARDED_BY(mu)`)
  Other   // anything else: not trusted
};

GuardKind guardKind(const Expr *Guard) {
  const Expr *E = Guard->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    // Not a pointer or reference: whose value another thread could change.
    if (VD && VD->hasGlobalStorage() && !VD->getType()->isPointerType() &&
        !VD->getType()->isReferenceType())
      return GuardKind::Global;
    return GuardKind::Other; // C's field names resolve to no object
  }
  // this->mu or this->inner.mu (members only, no pointer in between).
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (!isa<FieldDecl>(ME->getMemberDecl()))
      return GuardKind::Other;
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    if (ME->isArrow())
      return isa<CXXThisExpr>(Base) ? GuardKind::Member : GuardKind::Other;
    E = Base;
  }
  return GuardKind::Other;
}

// The weakest guard of D (every guard must be usable).
GuardKind guardKindOf(const ValueDecl *D) {
  GuardKind K = GuardKind::Global;
  auto Join = [&K](GuardKind G) {
    if (G == GuardKind::Other || K == GuardKind::Other)
      K = GuardKind::Other;
    else if (G == GuardKind::Member)
      K = GuardKind::Member;
  };
  for (const auto *A : D->specific_attrs<GuardedByAttr>())
    Join(guardKind(A->getArg()));
  for (const auto *A : D->specific_attrs<PtGuardedByAttr>())
    Join(guardKind(A->getArg()));
  return K;
}

void annotate(Decl *D, const char *Note) {
  for (const auto *A : D->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == Note)
      return;
  D->addAttr(AnnotateAttr::CreateImplicit(D->getASTContext(), Note, nullptr, 0,
                                          D->getSourceRange()));
}

// Fields and global variables with guards get the annotations that make
// CodeGen mark their accesses. Not bit-fields (the load and store of a
// storage unit also touch its unguarded neighbours), not locals.
void annotateGuarded(DeclaratorDecl *D) {
  if (const auto *FD = dyn_cast<FieldDecl>(D); FD && FD->isBitField())
    return;
  if (const auto *VD = dyn_cast<VarDecl>(D);
      VD && (!VD->hasGlobalStorage() || VD->isStaticLocal()))
    return;
  if (D->hasAttr<GuardedByAttr>())
    annotate(D, SCHEDSAN_ANNOTATION_GUARDED);
  if (D->hasAttr<PtGuardedByAttr>())
    annotate(D, SCHEDSAN_ANNOTATION_PT_GUARDED);
}

//===----------------------------------------------------------------------===//
// One function
//===----------------------------------------------------------------------===//
// The body's facts the proof needs, from one walk: the guarded accesses
// (not those of lambdas, blocks and local classes, which are functions of
// their own), the local variables that are changed or whose address or
// reference is taken anywhere (lambdas included), and calls of functions
// that assert a lock.
struct BodyFacts : RecursiveASTVisitor<BodyFacts> {
  bool shouldVisitImplicitCode() const { return true; } // default arguments
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitMemberExpr(MemberExpr *E) { return note(E); }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *VD = dyn_cast<VarDecl>(E->getDecl());
        VD && VD->hasLocalStorage() && !ReadOnly.count(E))
      Changed.insert(VD);
    return note(E);
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (E->getCastKind() == CK_LValueToRValue)
      if (auto *DRE = dyn_cast<DeclRefExpr>(E->getSubExpr()->IgnoreParens()))
        ReadOnly.insert(DRE); // visited before the DeclRefExpr below it
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *Callee = E->getDirectCallee();
    if (Callee && assertsLock(Callee))
      AssertsLock = true;
    return true;
  }
  // Lambdas, blocks and local classes are functions of their own.
  bool TraverseLambdaExpr(LambdaExpr *E) {
    return nested([&] { return RecursiveASTVisitor::TraverseLambdaExpr(E); });
  }
  bool TraverseBlockExpr(BlockExpr *E) {
    return nested([&] { return RecursiveASTVisitor::TraverseBlockExpr(E); });
  }
  bool TraverseCXXRecordDecl(CXXRecordDecl *D) {
    return nested(
        [&] { return RecursiveASTVisitor::TraverseCXXRecordDecl(D); });
  }
  template <typename Fn> bool nested(Fn Traverse) {
    ++Nested;
    bool R = Traverse();
    --Nested;
    return R;
  }

  bool note(Expr *E) {
    if (!Nested && guardedDecl(E))
      Accesses.push_back(E);
    return true;
  }

  llvm::SmallVector<const Expr *, 16> Accesses;
  llvm::SmallPtrSet<const VarDecl *, 8> Changed;
  llvm::SmallPtrSet<const DeclRefExpr *, 32> ReadOnly;
  bool AssertsLock = false;
  unsigned Nested = 0;
};

// Whether the object a member access reaches is named the same all through
// the function (so a lock of E's lock member and E denote one object).
bool isStableObject(const Expr *E, bool Arrow, const BodyFacts &Facts) {
  E = E->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return false;
    if (!Arrow)
      return true; // an object (or the one a reference is bound to)
    // A pointer: one the function never changes, or a const one.
    if (VD->getType()->isReferenceType())
      return false;
    return (VD->hasLocalStorage() && !Facts.Changed.count(VD)) ||
           VD->getType().isConstQualified();
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !Arrow)
    return isStableObject(ME->getBase(), ME->isArrow(), Facts);
  return false; // p->q->f, a[i].f, f()->g: a pointer read from memory
}

bool isStableAccess(const Expr *E, const BodyFacts &Facts) {
  const ValueDecl *D = guardedDecl(E);
  switch (guardKindOf(D)) {
  case GuardKind::Global:
    return true;
  case GuardKind::Member:
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return isStableObject(ME->getBase(), ME->isArrow(), Facts);
    return false;
  case GuardKind::Other:
    return false;
  }
  return false;
}

bool hasEntryLocks(const FunctionDecl *FD) {
  return FD->hasAttr<RequiresCapabilityAttr>() ||
         FD->hasAttr<ReleaseCapabilityAttr>() || assertsLock(FD);
}

// Records whether the analysis ran and whether it had anything to say about
// locks or guarded accesses. Lock-order and negative-capability remarks say
// nothing about what is held where: ignored.
class Recorder : public threadSafety::ThreadSafetyHandler {
public:
  bool Entered = false;
  bool Reported = false;

  void enterFunction(const FunctionDecl *) override { Entered = true; }
  void handleInvalidLockExp(SourceLocation) override { Reported = true; }
  void handleUnmatchedUnlock(StringRef, Name, SourceLocation,
                             SourceLocation) override {
    Reported = true;
  }
  void handleIncorrectUnlockKind(StringRef, Name, threadSafety::LockKind,
                                 threadSafety::LockKind, SourceLocation,
                                 SourceLocation) override {
    Reported = true;
  }
  void handleDoubleLock(StringRef, Name, SourceLocation,
                        SourceLocation) override {
    Reported = true;
  }
  void handleMutexHeldEndOfScope(StringRef, Name, SourceLocation,
                                 SourceLocation, threadSafety::LockErrorKind
#if CLANG_VERSION_MAJOR >= 22
                                 ,
                                 bool // a reentrant lock's depth differs
#endif
                                 ) override {
    Reported = true;
  }
  void handleExclusiveAndShared(StringRef, Name, SourceLocation,
                                SourceLocation) override {
    Reported = true;
  }
  void handleNoMutexHeld(const NamedDecl *,
                         threadSafety::ProtectedOperationKind,
                         threadSafety::AccessKind, SourceLocation) override {
    Reported = true;
  }
  void handleMutexNotHeld(StringRef, const NamedDecl *,
                          threadSafety::ProtectedOperationKind, Name,
                          threadSafety::LockKind, SourceLocation,
                          Name *) override {
    Reported = true;
  }
};

// The statements of the CFG's blocks reachable from its entry.
llvm::DenseSet<const Stmt *> reachableStmts(const CFG &G) {
  llvm::DenseSet<const Stmt *> Out;
  llvm::SmallVector<const CFGBlock *, 16> Work{&G.getEntry()};
  llvm::SmallPtrSet<const CFGBlock *, 16> Seen{&G.getEntry()};
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    for (const CFGElement &El : *B)
      if (auto S = El.getAs<CFGStmt>())
        Out.insert(S->getStmt());
    for (const CFGBlock *Succ : B->succs()) // null: a pruned edge
      if (Succ && Seen.insert(Succ).second)
        Work.push_back(Succ);
  }
  return Out;
}

class Prover {
public:
  ~Prover() { threadSafety::threadSafetyCleanup(BSet); }

  // Whether every guarded access in FD's body is proved made with its lock
  // held; false also when it makes none (nothing to tell the pass).
  bool proves(FunctionDecl *FD) {
    if (hasEntryLocks(FD))
      return false;
    BodyFacts Facts;
    Facts.TraverseStmt(FD->getBody());
    if (Facts.Accesses.empty() || Facts.AssertsLock)
      return false;
    for (const Expr *E : Facts.Accesses)
      if (!isStableAccess(E, Facts))
        return false;
    // The CFG the compiler's own -Wthread-safety builds
    // (AnalysisBasedWarnings::IssueWarnings).
    AnalysisDeclContext AC(nullptr, FD);
    CFG::BuildOptions &O = AC.getCFGBuildOptions();
    O.PruneTriviallyFalseEdges = true;
    O.AddEHEdges = false;
    O.AddInitializers = true;
    O.AddImplicitDtors = true;
    O.AddTemporaryDtors = true;
    O.AddCXXNewAllocator = false;
    O.AddCXXDefaultInitExprInCtors = true;
    O.setAllAlwaysAdd();
    Recorder R;
    threadSafety::runThreadSafetyAnalysis(AC, R, &BSet);
    if (!R.Entered || R.Reported || !AC.getCFG())
      return false;
    llvm::DenseSet<const Stmt *> Reached = reachableStmts(*AC.getCFG());
    for (const Expr *E : Facts.Accesses)
      if (!Reached.count(E))
        return false;
    return true;
  }

private:
  threadSafety::BeforeSet *BSet = nullptr;
};

//===----------------------------------------------------------------------===//
// The consumer: before CodeGen sees a declaration
//===----------------------------------------------------------------------===//
class GuardedAccessConsumer
    : public ASTConsumer,
      public RecursiveASTVisitor<GuardedAccessConsumer> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }

  // Every function definition of each top-level declaration is analysed
  // before CodeGen (the next consumer) emits it; the walk of the whole unit
  // at its end catches the template instantiations made since. A function
  // CodeGen emitted before its annotation was added just keeps its points.
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    for (Decl *D : DG)
      TraverseDecl(D);
    return true;
  }
  void HandleTagDeclDefinition(TagDecl *D) override {
    if (auto *RD = dyn_cast<RecordDecl>(D))
      for (FieldDecl *F : RD->fields())
        annotateGuarded(F);
  }
  void HandleTranslationUnit(ASTContext &C) override {
    TraverseDecl(C.getTranslationUnitDecl());
  }

  bool VisitFieldDecl(FieldDecl *D) {
    annotateGuarded(D);
    return true;
  }
  bool VisitVarDecl(VarDecl *D) {
    annotateGuarded(D);
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext() ||
        FD->isImplicit() || FD->isDefaulted() || !Done.insert(FD).second)
      return true;
    if (P.proves(FD))
      annotate(FD, SCHEDSAN_ANNOTATION_LOCKS_PROVED);
    return true;
  }

private:
  Prover P;
  llvm::DenseSet<const FunctionDecl *> Done;
};

class GuardedAccessAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<GuardedAccessConsumer>();
  }
  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }
  // Before the main action, so before CodeGen, in every compilation that
  // loads the plugin (no -plugin flag needed).
  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<GuardedAccessAction>
    Z("schedsan-guarded", "mark accesses made under their GUARDED_BY lock");
