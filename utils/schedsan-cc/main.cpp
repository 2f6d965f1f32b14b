//===- main.cpp - schedsan-clang, schedsan-clang++, schedsan-config -------===//
//
// FILE:
//    utils/schedsan-cc/main.cpp
//
// DESCRIPTION:
//    One program behind several names; argv[0]'s basename picks the mode:
//      schedsan-clang    wraps clang   (C)
//      schedsan-clang++  wraps clang++ (C++)
//      schedsan-config   prints flags for plain clang builds (Config.cpp)
//      clang, cc         the masquerade directory <prefix>/libexec/schedsan/
//      clang++, c++      bin: the C or C++ wrapper when a -fsanitize-schedule
//                        flag is given, else the real compiler with the
//                        arguments untouched (exactly a plain clang build)
//    The wrapper is a pipeline: scan the arguments once for facts (ArgScan),
//    check the strategy and the function list, build the new command (Rewrite),
//    exec the compiler (Exec). It prints nothing of its own unless something is
//    wrong or SCHEDSAN_WRAPPER_VERBOSE=1 asks for the rewritten command line.
//
// USAGE:
//    schedsan-clang -fsanitize-schedule=pct -O2 x.c -o x
//    schedsan-clang++ -fsanitize-schedule=pos -O0 y.cpp -o y
//    schedsan-clang++ -fsanitize-schedule=script
//        -fsanitize-schedule-funcs=Queue::push,Queue::pop z.cpp -o z
//    SCHEDSAN_CC=clang-19 SCHEDSAN_WRAPPER_VERBOSE=1 schedsan-clang -c x.c
//    PATH=<prefix>/libexec/schedsan/bin:$PATH clang -fsanitize-schedule=pct x.c
//===----------------------------------------------------------------------===//
#include "ArgScan.h"
#include "Config.h"
#include "Diag.h"
#include "Exec.h"
#include "Paths.h"
#include "ResponseFile.h"
#include "Rewrite.h"
#include "Strategies.h"

#include <string>
#include <vector>

using namespace schedsan::cc;

namespace {

enum class Mode { CC, CXX, Config };

Mode modeOf(const std::string &Name) {
  if (Name.find("config") != std::string::npos)
    return Mode::Config;
  if (Name.find("++") != std::string::npos ||
      Name.find("cxx") != std::string::npos)
    return Mode::CXX;
  return Mode::CC;
}

// The names in the masquerade directory. Any other name (schedsan-clang, a
// symlink called my-c++) is the wrapper proper.
bool isMasquerade(const std::string &Name) {
  return Name == "clang" || Name == "clang++" || Name == "cc" || Name == "c++";
}

// A masquerading wrapper acts only when asked to: with -fsanitize-schedule=
// (`none` included, which strips the flag) or -fsanitize-schedule-funcs=,
// also inside a response file.
bool asksForSchedsan(const ArgFacts &F) { return F.HasStrategy || F.HasFuncs; }

void checkStrategy(const ArgFacts &F) {
  if (!F.HasStrategy)
    return;
  if (F.StrategyArg.find('=') == std::string::npos)
    fatal("missing strategy in '" + F.StrategyArg +
          "' (use -fsanitize-schedule=<strategy>; accepted: " +
          acceptedStrategies() + ")");
  if (!isAcceptedStrategy(F.Strategy))
    fatal("unknown strategy '" + F.Strategy + "' in '" + F.StrategyArg +
          "' (accepted: " + acceptedStrategies() + ")");
}

// -fsanitize-schedule-funcs= needs at least one name.
void checkFuncs(const ArgFacts &F) {
  if (F.HasFuncs && F.Funcs.empty())
    fatal("missing function names in '" + F.FuncsArg +
          "' (use -fsanitize-schedule-funcs=<function>[,<function>...])");
}

// The runtime interposes on the C library through the dynamic symbol
// table; a static executable has none, so it would run unscheduled.
void checkLinkable(const ArgFacts &F) {
  if (F.Static && F.linksExecutable() &&
      !(F.HasStrategy && F.Strategy == "none"))
    fatal("static executables are not supported (-static, -static-pie): "
          "the runtime interposes on the C library's dynamic symbols; link "
          "dynamically, or build with -fsanitize-schedule=none");
}

} // namespace

int main(int argc, char **argv) {
  std::string Name = baseName(argc > 0 ? argv[0] : "schedsan-clang");
  Mode M = modeOf(Name);
  setToolName(Name);
  Layout L = findLayout();
  std::vector<std::string> Args(argv + 1, argv + argc);

  if (M == Mode::Config)
    return runConfig(Args, L);

  ArgFacts Facts = scanArgs(expandResponseFiles(Args));
  if (isMasquerade(Name) && !asksForSchedsan(Facts))
    execCompiler(chooseCompiler(M == Mode::CXX), Args, L);
  checkStrategy(Facts);
  checkFuncs(Facts);
  checkLinkable(Facts);
  std::vector<std::string> NewArgs =
      rewriteArgs(Args, Facts, L, M == Mode::CXX);
  execCompiler(chooseCompiler(M == Mode::CXX), NewArgs, L);
}
