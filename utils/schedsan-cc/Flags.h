//===- Flags.h - The flags schedsan adds to a compiler command --*- C++ -*-===//
//
// FILE:
//    utils/schedsan-cc/Flags.h
//
// DESCRIPTION:
//    One place for the flags that instrument a compile and link the runtime,
//    used by the wrappers (Rewrite.cpp) and printed by schedsan-config, so a
//    plain `clang $(schedsan-config --cflags)` build gets exactly what
//    schedsan-clang would add. A missing plugin, runtime or default-strategy
//    object is an error naming its path.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CC_FLAGS_H
#define SCHEDSAN_CC_FLAGS_H

#include "Paths.h"

#include <string>
#include <vector>

namespace schedsan::cc {

// -fpass-plugin=<pass plugin> when Codegen, and -fplugin=<attribute plugin>
// when Frontend and that plugin is installed.
std::vector<std::string> compileFlags(const Layout &L, bool Codegen,
                                      bool Frontend);

// The pass options an accepted strategy name and -fsanitize-schedule-funcs
// ask for (`-mllvm -schedsan-...` pairs): `script` the function and call
// events, Funcs (when not empty) function events in those functions only.
std::vector<std::string> eventFlags(const std::string &Strategy,
                                    const std::string &Funcs);

// The test-script library when it is there (an ordinary archive: its
// objects join the link only when the program defines a script), the
// runtime, linked whole (every hook and interceptor, whatever the objects
// reference), the hooks exported from the executable so that instrumented
// shared libraries bind to them, the default-strategy object of Strategy
// (an accepted name, runtimeStrategy()) when it is not empty, and the
// runtime's own dependencies (libc only).
// CxxLib adds the C++ standard library --as-needed for links by the C
// driver, which does not add it itself: C++ objects linked by it still
// work, and a C program gets no libstdc++ dependency.
// WeakInterceptors: link the archive whose interceptors a program's own
// definitions override (only without another sanitizer; see
// runtime/CMakeLists.txt).
std::vector<std::string> linkFlags(const Layout &L, const std::string &Strategy,
                                   bool Static, bool CxxLib,
                                   bool WeakInterceptors = false);

} // namespace schedsan::cc

#endif
