//===- SiteTable.cpp - Site id -> source location table -------------------===//
//
// FILE:
//    pass/SiteTable.cpp
//
// DESCRIPTION:
//    See SiteTable.h. The emitted table is
//      @__schedsan_sites = private constant [N x %schedsan.site] [...]
//    with %schedsan.site = { ptr function, ptr file, i32 line, i32 column },
//    matching `struct schedsan_site` in include/schedsan/schedsan_interface.h.
//===----------------------------------------------------------------------===//
#include "SiteTable.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace schedsan;

StructType *SiteTable::siteType(LLVMContext &C) {
  if (auto *Ty = StructType::getTypeByName(C, "schedsan.site"))
    return Ty;
  auto *Ptr = PointerType::getUnqual(C);
  auto *I32 = Type::getInt32Ty(C);
  return StructType::create(C, {Ptr, Ptr, I32, I32}, "schedsan.site");
}

SiteTable::SiteTable(Module &M) : M(M), SiteTy(siteType(M.getContext())) {
  // Uses refer to this until finalize() replaces it with the real table.
  Placeholder =
      new GlobalVariable(M, ArrayType::get(SiteTy, 0),
                         /*isConstant=*/true, GlobalValue::ExternalLinkage,
                         nullptr, "__schedsan_sites.placeholder");
}

Constant *SiteTable::string(StringRef S) {
  Constant *&C = Strings[S];
  if (!C) {
    auto *Init = ConstantDataArray::getString(M.getContext(), S);
    auto *GV =
        new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                           GlobalValue::PrivateLinkage, Init, "__schedsan_str");
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    GV->setAlignment(Align(1));
    C = GV;
  }
  return C;
}

Constant *SiteTable::add(StringRef Function, StringRef File, unsigned Line,
                         unsigned Column) {
  auto *I32 = Type::getInt32Ty(M.getContext());
  Entries.push_back(ConstantStruct::get(
      SiteTy, {string(Function), string(File), ConstantInt::get(I32, Line),
               ConstantInt::get(I32, Column)}));
  Constant *Index =
      ConstantInt::get(Type::getInt64Ty(M.getContext()), Entries.size() - 1);
  // Not inbounds: the placeholder has no elements until finalize().
  return ConstantExpr::getGetElementPtr(SiteTy, Placeholder, Index);
}

// The file as the compiler recorded it: its name, joined to its directory
// when the name is relative to it (debug info may record "dir/x.c" under
// the compilation directory), so that reports never print a path relative
// to some other directory.
static std::string fileOf(const DIScope &S) {
  StringRef Name = S.getFilename(), Dir = S.getDirectory();
  if (Name.empty() || Dir.empty() || sys::path::is_absolute(Name))
    return Name.str();
  SmallString<256> Path(Dir);
  sys::path::append(Path, Name);
  return std::string(Path);
}

Constant *SiteTable::siteFor(const Instruction &I) {
  const Function &F = *I.getFunction();
  if (const DILocation *Loc = I.getDebugLoc().get()) {
    // Inlined code is named after the function it was written in.
    StringRef Name = F.getName();
    if (const DISubprogram *SP = Loc->getScope()->getSubprogram())
      Name =
          SP->getLinkageName().empty() ? SP->getName() : SP->getLinkageName();
    return add(Name, fileOf(*Loc->getScope()), Loc->getLine(),
               Loc->getColumn());
  }
  return add(F.getName(), M.getSourceFileName(), 0, 0);
}

Constant *SiteTable::siteForFunction(const Function &F) {
  if (const DISubprogram *SP = F.getSubprogram())
    return add(F.getName(), fileOf(*SP), SP->getLine(), 0);
  return add(F.getName(), M.getSourceFileName(), 0, 0);
}

std::pair<Constant *, Constant *> SiteTable::finalize() {
  auto *ArrTy = ArrayType::get(SiteTy, Entries.size());
  auto *Table = new GlobalVariable(
      M, ArrTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
      ConstantArray::get(ArrTy, Entries), "__schedsan_sites");
  Placeholder->replaceAllUsesWith(Table);
  Placeholder->eraseFromParent();
  Placeholder = nullptr;
  auto *I64 = Type::getInt64Ty(M.getContext());
  Constant *Begin = ConstantExpr::getInBoundsGetElementPtr(
      SiteTy, Table, ConstantInt::get(I64, 0));
  Constant *End = ConstantExpr::getInBoundsGetElementPtr(
      SiteTy, Table, ConstantInt::get(I64, Entries.size()));
  return {Begin, End};
}
