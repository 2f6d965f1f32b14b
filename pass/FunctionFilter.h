//===- FunctionFilter.h - Functions with enter/return events ----*- C++ -*-===//
//
// FILE:
//    pass/FunctionFilter.h
//
// DESCRIPTION:
//    Function enter/return events (the scripting API's EntersFunc,
//    ReturnsFunc, InFunc) go into every function with -schedsan-func-events;
//    -schedsan-func-filter=f,g puts them into f and g only, with or without
//    it: a test that searches within a few functions (Concurrit's
//    SearchInFunc) then sees events of those only.
//
//    A name matches a function's linkage name, or its demangled name
//    without the parameter list and qualifiers (`Queue::push` for
//    `Queue::push(int) const`, `ns::Queue<int>::push`, `foo<int>`). A
//    suffix the compiler appended to the linkage name (`f.llvm.1234`,
//    `f.cold`) is ignored.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_PASS_FUNCTION_FILTER_H
#define SCHEDSAN_PASS_FUNCTION_FILTER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Function.h"

#include <string>

namespace schedsan {

// Whether Name (a linkage name) is one of Wanted, as described above.
bool functionNameMatches(llvm::StringRef Name,
                         llvm::ArrayRef<std::string> Wanted);

// Whether F gets enter/return events under the pass's options.
bool wantsFunctionEvents(const llvm::Function &F);

} // namespace schedsan

#endif // SCHEDSAN_PASS_FUNCTION_FILTER_H
