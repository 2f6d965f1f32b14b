//===- Exec.cpp - Run the real compiler -----------------------------------===//
//
// FILE:
//    utils/schedsan-cc/Exec.cpp
//
// DESCRIPTION:
//    See Exec.h. SCHEDSAN_DEFAULT_CC / SCHEDSAN_DEFAULT_CXX are baked in at
//    configure time (utils/schedsan-cc/CMakeLists.txt).
//===----------------------------------------------------------------------===//
#include "Exec.h"
#include "Diag.h"
#include "SearchPath.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

namespace schedsan::cc {

std::string chooseCompiler(bool CXX) {
  const char *Env = std::getenv(CXX ? "SCHEDSAN_CXX" : "SCHEDSAN_CC");
  if (Env && *Env)
    return Env;
  return CXX ? SCHEDSAN_DEFAULT_CXX : SCHEDSAN_DEFAULT_CC;
}

// A bare name is looked up in PATH, like execvp would (if it is not
// found, exec reports it), passing over this wrapper itself: with the
// masquerade directory first in PATH, SCHEDSAN_CC=clang means the next
// clang.
static std::string resolve(const std::string &Compiler, const Layout &L) {
  std::string Found = searchPath(Compiler, L.Self);
  return Found.empty() ? Compiler : Found;
}

// A compiler that runs `clang` from PATH again (a script named by
// SCHEDSAN_CC, say) would come back here forever; each exec counts one
// level in the environment, and a chain this deep is taken for a loop.
// (ccache in front of the masquerade directory is two levels.)
static void countLevel() {
  constexpr int MaxLevels = 8;
  const char *Env = std::getenv("SCHEDSAN_WRAPPER_DEPTH");
  int Level = Env ? std::atoi(Env) : 0;
  if (Level >= MaxLevels)
    fatal("compiler loop: this wrapper is running " + std::to_string(Level) +
          " levels deep under itself (check SCHEDSAN_CC / SCHEDSAN_CXX and "
          "PATH)");
  setenv("SCHEDSAN_WRAPPER_DEPTH", std::to_string(Level + 1).c_str(), 1);
}

void execCompiler(const std::string &Compiler,
                  const std::vector<std::string> &Args, const Layout &L) {
  std::string Path = resolve(Compiler, L);
  char Real[PATH_MAX];
  if (realpath(Path.c_str(), Real) && L.Self == Real)
    fatal("compiler '" + Path + "' is this wrapper itself (check " +
          "SCHEDSAN_CC / SCHEDSAN_CXX)");

  std::vector<std::string> Argv = {Path};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  countLevel();
  if (verbose())
    printCommand(Argv);

  std::vector<char *> CArgv;
  for (std::string &A : Argv)
    CArgv.push_back(A.data());
  CArgv.push_back(nullptr);
  execv(Path.c_str(), CArgv.data());
  fatal("cannot run compiler '" + Path + "': " + std::strerror(errno));
}

} // namespace schedsan::cc
