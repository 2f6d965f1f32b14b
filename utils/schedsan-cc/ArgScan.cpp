//===- ArgScan.cpp - Facts about a compiler command line ------------------===//
//
// FILE:
//    utils/schedsan-cc/ArgScan.cpp
//
// DESCRIPTION:
//    See ArgScan.h. An argument is an input when it is not an option and not
//    the value of one; its kind comes from the last `-x <language>` before it
//    or, without one, from its extension (as in the clang driver).
//===----------------------------------------------------------------------===//
#include "ArgScan.h"

#include <cstring>

namespace schedsan::cc {

namespace {

enum class InputKind {
  CFamily, // C, C++, Objective-C(++), also preprocessed (.i, .ii, .mi)
  IR,      // LLVM IR or bitcode: no frontend, but the pass runs
  Header,  // precompiled, not compiled to code
  Asm,     // assembled only
  Other    // objects, archives, shared libraries, other languages
};

bool endsWith(const std::string &S, const char *Suffix) {
  size_t N = std::strlen(Suffix);
  return S.size() >= N && S.compare(S.size() - N, N, Suffix) == 0;
}

bool startsWith(const std::string &S, const char *Prefix) {
  return S.compare(0, std::strlen(Prefix), Prefix) == 0;
}

bool isOneOf(const std::string &S, std::initializer_list<const char *> L) {
  for (const char *X : L)
    if (S == X)
      return true;
  return false;
}

// The kind of a `-x <Lang>` value. "none" resets to extension-based.
InputKind kindOfLanguage(const std::string &Lang) {
  if (Lang.find("header") != std::string::npos)
    return InputKind::Header;
  if (isOneOf(Lang, {"c", "c++", "objective-c", "objective-c++", "cpp-output",
                     "c++-cpp-output", "objective-c-cpp-output",
                     "objective-c++-cpp-output"}))
    return InputKind::CFamily;
  if (Lang == "ir")
    return InputKind::IR;
  if (startsWith(Lang, "assembler"))
    return InputKind::Asm;
  return InputKind::Other; // cuda, hip, cl, ...: not instrumented
}

InputKind kindOfFile(const std::string &Path) {
  size_t Dot = Path.find_last_of('.');
  if (Dot == std::string::npos || Path.find('/', Dot) != std::string::npos)
    return InputKind::Other;
  std::string Ext = Path.substr(Dot + 1);
  if (isOneOf(Ext, {"c", "i", "cc", "cp", "cxx", "cpp", "CPP", "c++", "C", "ii",
                    "m", "mi", "mm", "M", "mii", "cppm", "ixx"}))
    return InputKind::CFamily;
  if (isOneOf(Ext, {"ll", "bc"}))
    return InputKind::IR;
  if (isOneOf(Ext, {"h", "hh", "hpp", "hxx", "hp", "h++", "H", "HPP"}))
    return InputKind::Header;
  if (isOneOf(Ext, {"s", "S", "sx"}))
    return InputKind::Asm;
  return InputKind::Other;
}

// Linker options given through -Wl,a,b or -Xlinker that change the output.
void scanLinkerOption(const std::string &Opt, ArgFacts &F) {
  if (isOneOf(Opt, {"-shared", "--shared", "-Bshareable"}))
    F.Shared = true;
  else if (isOneOf(Opt, {"-r", "--relocatable", "-i", "-Ur"}))
    F.Relocatable = true;
}

void scanCommaList(const std::string &List, ArgFacts &F) {
  size_t Start = 0;
  while (Start <= List.size()) {
    size_t Comma = List.find(',', Start);
    if (Comma == std::string::npos)
      Comma = List.size();
    scanLinkerOption(List.substr(Start, Comma - Start), F);
    Start = Comma + 1;
  }
}

void addInput(InputKind Kind, ArgFacts &F) {
  F.AnyInput = true;
  switch (Kind) {
  case InputKind::CFamily:
    F.CodegenInput = F.FrontendInput = true;
    break;
  case InputKind::IR:
    F.CodegenInput = true;
    break;
  case InputKind::Header:
    F.FrontendInput = F.PrecompileHeader = true;
    break;
  case InputKind::Asm:
  case InputKind::Other:
    break;
  }
}

} // namespace

bool takesSeparateValue(const std::string &A) {
  // clang-format off
  return isOneOf(
      A, {"-o", "-x", "-I", "-L", "-l", "-D", "-U", "-F", "-B", "-A", "-T",
          "-u", "-z", "-e", "-include", "-include-pch", "-imacros",
          "-isystem", "-iquote", "-idirafter", "-iprefix", "-iwithprefix",
          "-iwithprefixbefore", "-isysroot", "-imultilib", "-iframework",
          "-isystem-after", "-cxx-isystem", "-ivfsoverlay", "-MF", "-MT",
          "-MQ", "-MJ", "-Xlinker", "-Xassembler", "-Xpreprocessor",
          "-Xclang", "-Xanalyzer", "-Xopenmp-target", "-Xcuda-fatbinary",
          "-Xcuda-ptxas", "-mllvm", "-target", "-arch", "--param",
          "-working-directory", "-serialize-diagnostics", "-dependency-file",
          "-dependency-dot", "-resource-dir", "--sysroot", "-rpath",
          "-install_name", "-framework", "-main-file-name", "--output",
          "--language", "--include-directory", "--define-macro",
          "--undefine-macro", "--library-directory", "--include",
          "--assert", "--prefix"}) ||
         startsWith(A, "-Xarch_");
  // clang-format on
}

bool isStrategyFlag(const std::string &A) {
  return A == "-fsanitize-schedule" || startsWith(A, "-fsanitize-schedule=");
}

bool isFuncsFlag(const std::string &A) {
  return A == "-fsanitize-schedule-funcs" ||
         startsWith(A, "-fsanitize-schedule-funcs=");
}

ArgFacts scanArgs(const std::vector<std::string> &Args) {
  ArgFacts F;
  bool HaveLanguage = false; // a -x other than "none" is in effect
  InputKind Language = InputKind::Other;
  auto setLanguage = [&](const std::string &L) {
    HaveLanguage = L != "none";
    Language = kindOfLanguage(L);
  };
  auto input = [&](const std::string &A) {
    addInput(HaveLanguage ? Language : kindOfFile(A), F);
  };

  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    const std::string Next = I + 1 < Args.size() ? Args[I + 1] : "";

    if (A == "--") { // everything after is an input
      for (++I; I < Args.size(); ++I)
        input(Args[I]);
      break;
    }
    if (A.size() < 2 || A[0] != '-') { // "-" (stdin) is an input too
      input(A);
      continue;
    }
    if (isStrategyFlag(A)) {
      F.HasStrategy = true;
      F.StrategyArg = A;
      size_t Eq = A.find('=');
      F.Strategy = Eq == std::string::npos ? "" : A.substr(Eq + 1);
    } else if (isFuncsFlag(A)) {
      F.HasFuncs = true;
      F.FuncsArg = A;
      size_t Eq = A.find('=');
      F.Funcs = Eq == std::string::npos ? "" : A.substr(Eq + 1);
    } else if (A == "-c") {
      F.CompileOnly = true;
    } else if (A == "-S") {
      F.AssembleOnly = true;
    } else if (isOneOf(A, {"-E", "-M", "-MM"})) {
      F.PreprocessOnly = true;
    } else if (isOneOf(A, {"-fsyntax-only", "-emit-ast"})) {
      F.SyntaxOnly = true;
    } else if (isOneOf(A, {"-shared", "--shared"})) {
      F.Shared = true;
    } else if (A == "-r") {
      F.Relocatable = true;
    } else if (isOneOf(A, {"-static", "--static", "-static-pie"})) {
      F.Static = true;
    } else if (startsWith(A, "-fsanitize=") && A.size() > 11) {
      F.OtherSanitizer = true;
    } else if (A == "--precompile") {
      F.PrecompileHeader = true;
    } else if (startsWith(A, "-Wl,")) {
      scanCommaList(A.substr(4), F);
    } else if (A == "-Xlinker") {
      scanLinkerOption(Next, F);
    } else if (isOneOf(A, {"-o", "--output"})) {
      F.Output = Next;
    } else if (startsWith(A, "--output=")) {
      F.Output = A.substr(9);
    } else if (startsWith(A, "-o") && !startsWith(A, "-obj")) {
      F.Output = A.substr(2);
    } else if (isOneOf(A, {"-x", "--language"})) {
      setLanguage(Next);
    } else if (startsWith(A, "--language=")) {
      setLanguage(A.substr(11));
    } else if (startsWith(A, "-x")) {
      setLanguage(A.substr(2));
    }
    if (takesSeparateValue(A))
      ++I;
  }
  F.LanguageAtEnd = HaveLanguage;
  if (endsWith(F.Output, ".pch") || endsWith(F.Output, ".gch"))
    F.PrecompileHeader = true;
  return F;
}

bool ArgFacts::runsPass() const {
  return CodegenInput && !PreprocessOnly && !SyntaxOnly;
}

bool ArgFacts::linksExecutable() const {
  return AnyInput && !CompileOnly && !AssembleOnly && !PreprocessOnly &&
         !SyntaxOnly && !Shared && !Relocatable && !PrecompileHeader;
}

} // namespace schedsan::cc
