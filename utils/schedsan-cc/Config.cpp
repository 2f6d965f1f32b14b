//===- Config.cpp - schedsan-config ---------------------------------------===//
//
// FILE:
//    utils/schedsan-cc/Config.cpp
//
// DESCRIPTION:
//    See Config.h. Each option prints one line, in the order given; all
//    options are checked before anything is printed, so an error never
//    leaves half an answer on stdout.
//
// USAGE:
//    schedsan-config --cflags | --ldflags | --libs | --plugin | --runtime |
//                    --prefix | --strategies | --version  [--strategy=<s>]
//===----------------------------------------------------------------------===//
#include "Config.h"
#include "Diag.h"
#include "Flags.h"
#include "Strategies.h"
#include "StrategyNames.h"

#include <cstdio>

namespace schedsan::cc {

namespace {

const char *Usage =
    "usage: schedsan-config <option>... [--strategy=<strategy>]\n"
    "\n"
    "Flags for building with schedsan using a plain clang:\n"
    "  clang $(schedsan-config --cflags) -c x.c\n"
    "  clang x.o $(schedsan-config --ldflags) -o x\n"
    "\n"
    "Options (each prints one line):\n"
    "  --cflags       compile flags (the pass plugin)\n"
    "  --ldflags      link flags for executables (the runtime)\n"
    "  --libs         same as --ldflags\n"
    "  --plugin       path of the pass plugin\n"
    "  --runtime      path of the runtime archive\n"
    "  --prefix       installation prefix\n"
    "  --strategies   the strategy names -fsanitize-schedule= accepts\n"
    "  --version      schedsan and LLVM versions\n"
    "  --strategy=<s> with --ldflags: record <s> as the program's default;\n"
    "                 `script` adds the script events to --cflags (and\n"
    "                 records random); `none` makes --cflags and --ldflags\n"
    "                 empty\n"
    "  --help         this text\n";

std::string join(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &X : V)
    S += (S.empty() ? "" : " ") + X;
  return S;
}

std::string answer(const std::string &Opt, const std::string &Strategy,
                   const Layout &L) {
  bool Off = Strategy == "none"; // as with the wrappers: add nothing
  if (Opt == "--cflags") {
    if (Off)
      return "";
    std::vector<std::string> Flags = compileFlags(L, true, true);
    for (const std::string &F : eventFlags(Strategy, ""))
      Flags.push_back(F);
    return join(Flags);
  }
  if (Opt == "--ldflags" || Opt == "--libs")
    return Off ? "" : join(linkFlags(L, Strategy, false, true));
  if (Opt == "--plugin")
    return requireFile(L.plugin(), "pass plugin");
  if (Opt == "--runtime")
    return requireFile(L.runtime(), "runtime");
  if (Opt == "--prefix")
    return L.Prefix;
  if (Opt == "--strategies")
    return join(strategyNames());
  // --version
  return "schedsan " SCHEDSAN_VERSION " (LLVM " SCHEDSAN_LLVM_VERSION ")";
}

bool isQuery(const std::string &Opt) {
  for (const char *Q : {"--cflags", "--ldflags", "--libs", "--plugin",
                        "--runtime", "--prefix", "--strategies", "--version"})
    if (Opt == Q)
      return true;
  return false;
}

} // namespace

int runConfig(const std::vector<std::string> &Args, const Layout &L) {
  if (Args.empty()) {
    std::fputs(Usage, stderr);
    return 1;
  }
  std::string Strategy;
  std::vector<std::string> Queries;
  for (const std::string &A : Args) {
    if (A == "--help" || A == "-h") {
      std::fputs(Usage, stdout);
      return 0;
    }
    if (A.compare(0, 11, "--strategy=") == 0) {
      Strategy = A.substr(11);
      if (!isAcceptedStrategy(Strategy))
        fatal("unknown strategy '" + Strategy + "' in '" + A +
              "' (accepted: " + acceptedStrategies() + ")");
    } else if (isQuery(A)) {
      Queries.push_back(A);
    } else {
      fatal("unknown option '" + A + "' (see schedsan-config --help)");
    }
  }
  std::vector<std::string> Lines;
  for (const std::string &Q : Queries)
    Lines.push_back(answer(Q, Strategy, L));
  for (const std::string &Line : Lines)
    std::printf("%s\n", Line.c_str());
  return 0;
}

} // namespace schedsan::cc
