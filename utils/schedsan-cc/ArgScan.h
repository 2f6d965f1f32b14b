//===- ArgScan.h - Facts about a compiler command line ----------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-cc/ArgScan.h
//
// DESCRIPTION:
//    The first of the wrapper's two passes over the arguments: it only
//    collects facts (what the driver will stop at, what kinds of inputs there
//    are, the -fsanitize-schedule= value). Rewrite.cpp then decides from
//    these facts alone what to add or drop.
//
//    The two decisions that matter (see AFL++'s bug tracker for what goes
//    wrong otherwise):
//      runsPass()         a compile step with code generation happens, so
//                         the pass plugin goes on the command line;
//      linksExecutable()  the driver links an executable, so the runtime is
//                         linked in. Never for -c/-S/-E/-M/-MM,
//                         -fsyntax-only, -shared, -r or header precompilation.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CC_ARG_SCAN_H
#define SCHEDSAN_CC_ARG_SCAN_H

#include <string>
#include <vector>

namespace schedsan::cc {

struct ArgFacts {
  // Where the driver stops.
  bool CompileOnly = false;    // -c
  bool AssembleOnly = false;   // -S
  bool PreprocessOnly = false; // -E, or -M / -MM (they imply -E; -MD does not)
  bool SyntaxOnly = false;     // -fsyntax-only, -emit-ast: no code at all
  bool Shared = false;         // -shared (also -Wl,-shared)
  bool Relocatable = false;    // -r (also -Wl,-r)
  bool PrecompileHeader = false; // -x *-header, a header input, --precompile,
                                 // or -o *.pch / *.gch
  bool Static = false;           // -static: no dynamic symbol table
  bool OtherSanitizer = false;   // -fsanitize=<anything> (not -schedule)

  // Inputs.
  bool AnyInput = false;      // anything to compile or link
  bool CodegenInput = false;  // C, C++, Objective-C or LLVM IR source
  bool FrontendInput = false; // C-family source or header (Clang parses it)
  std::string Output;         // -o value, "" if none
  bool LanguageAtEnd = false; // a `-x <lang>` (not none) is still in effect
                              // after the last argument

  // -fsanitize-schedule=<Strategy> (last one wins).
  bool HasStrategy = false;
  std::string Strategy;    // the value after '='
  std::string StrategyArg; // the whole argument, for messages

  // -fsanitize-schedule-funcs=<f,g> (last one wins): function events in
  // these functions only.
  bool HasFuncs = false;
  std::string Funcs;    // the value after '='
  std::string FuncsArg; // the whole argument, for messages

  bool runsPass() const;
  bool linksExecutable() const;
};

// Scans Args (argv without argv[0]; response files already expanded).
ArgFacts scanArgs(const std::vector<std::string> &Args);

// Options whose value is the next argument: -o out, -x c, -MF f, -Xlinker v.
bool takesSeparateValue(const std::string &Arg);

// -fsanitize-schedule=<s> (or the malformed bare -fsanitize-schedule).
bool isStrategyFlag(const std::string &Arg);

// -fsanitize-schedule-funcs=<f,g> (or the bare flag).
bool isFuncsFlag(const std::string &Arg);

} // namespace schedsan::cc

#endif
