//===- SiteTable.h - Site id -> source location table ----------*- C++ -*-===//
//
// FILE:
//    pass/SiteTable.h
//
// DESCRIPTION:
//    Every hook passes a site id: the address of an entry of the module's
//    private, constant table of `struct schedsan_site` {function, file, line,
//    column}. Locations come from debug info when present, so reports name
//    source lines without a symbolizer. Entries are handed out while the
//    module is rewritten (as GEPs into a placeholder) and the table is built
//    once at the end.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_PASS_SITE_TABLE_H
#define SCHEDSAN_PASS_SITE_TABLE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

namespace schedsan {

class SiteTable {
public:
  explicit SiteTable(llvm::Module &M);

  // The site of instruction I (its debug location, else its function).
  llvm::Constant *siteFor(const llvm::Instruction &I);
  // The site of F's definition (for function enter/return events).
  llvm::Constant *siteForFunction(const llvm::Function &F);

  // Emits the table and returns {begin, end} pointers for init_module.
  std::pair<llvm::Constant *, llvm::Constant *> finalize();

  static llvm::StructType *siteType(llvm::LLVMContext &C);

private:
  llvm::Constant *add(llvm::StringRef Function, llvm::StringRef File,
                      unsigned Line, unsigned Column);
  llvm::Constant *string(llvm::StringRef S);

  llvm::Module &M;
  llvm::StructType *SiteTy;
  llvm::GlobalVariable *Placeholder;
  llvm::SmallVector<llvm::Constant *, 64> Entries;
  llvm::StringMap<llvm::Constant *> Strings;
};

} // namespace schedsan

#endif // SCHEDSAN_PASS_SITE_TABLE_H
