//===- Exec.h - Run the real compiler ---------------------------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-cc/Exec.h
//
// DESCRIPTION:
//    The compiler the wrapper drives is the clang schedsan was configured
//    with (CMake cache SCHEDSAN_CLANG / SCHEDSAN_CLANGXX), or the one named
//    by $SCHEDSAN_CC / $SCHEDSAN_CXX (a path, or a name looked up in PATH,
//    where the wrapper itself is passed over). The wrapper replaces itself
//    with it (execv), so the exit status, signals and output are the
//    compiler's own. $SCHEDSAN_WRAPPER_DEPTH counts wrappers running under
//    wrappers, to stop a loop instead of running forever.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CC_EXEC_H
#define SCHEDSAN_CC_EXEC_H

#include "Paths.h"

#include <string>
#include <vector>

namespace schedsan::cc {

// $SCHEDSAN_CXX or $SCHEDSAN_CC if set and not empty, else the built-in one.
std::string chooseCompiler(bool CXX);

// Runs Compiler with Args (argv without argv[0]); prints the command first
// when verbose(). Never returns: exits with an error naming the compiler if
// it cannot be run, or if it is this wrapper itself, or if wrappers are
// already 8 levels deep.
[[noreturn]] void execCompiler(const std::string &Compiler,
                               const std::vector<std::string> &Args,
                               const Layout &L);

} // namespace schedsan::cc

#endif
