//===- FunctionFilter.cpp - Functions with enter/return events ------------===//
//
// FILE:
//    pass/FunctionFilter.cpp
//
// DESCRIPTION:
//    See FunctionFilter.h. The demangler is LLVM's (the host tool's
//    libLLVM provides it, as it provides the rest of the plugin's LLVM).
//===----------------------------------------------------------------------===//
#include "FunctionFilter.h"
#include "SchedSanOptions.h"

#include "llvm/Demangle/Demangle.h"

#include <cstdlib>

using namespace llvm;

namespace schedsan {

namespace {

// The demangled name without parameters ("Queue::push"), or "" when Name
// is not a mangled function name.
std::string nameWithoutParameters(StringRef Name) {
  const std::string Mangled = Name.str(); // D points into it
  ItaniumPartialDemangler D;
  if (D.partialDemangle(Mangled.c_str()) || !D.isFunction())
    return "";
  char *Buf = D.getFunctionName(nullptr, nullptr);
  std::string Out = Buf ? Buf : "";
  std::free(Buf);
  return Out;
}

} // namespace

bool functionNameMatches(StringRef Name, ArrayRef<std::string> Wanted) {
  // "f.llvm.1234", "f.cold": the name before the compiler's suffix.
  StringRef Base = Name.find('.', 1) == StringRef::npos
                       ? Name
                       : Name.substr(0, Name.find('.', 1));
  std::string Plain; // demangled on first need
  bool Demangled = false;
  for (const std::string &W : Wanted) {
    if (W == Name || W == Base)
      return true;
    if (!Demangled) {
      Plain = nameWithoutParameters(Base);
      Demangled = true;
    }
    if (!Plain.empty() && W == Plain)
      return true;
  }
  return false;
}

bool wantsFunctionEvents(const Function &F) {
  if (!ClFuncFilter.empty())
    return functionNameMatches(F.getName(), ClFuncFilter);
  return ClFuncEvents;
}

} // namespace schedsan
