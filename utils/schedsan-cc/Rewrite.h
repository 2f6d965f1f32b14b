//===- Rewrite.h - The compiler command the wrapper runs --------*- C++ -*-===//
//
// FILE:
//    utils/schedsan-cc/Rewrite.h
//
// DESCRIPTION:
//    The second pass over the arguments: builds the new argument list from
//    the user's and the facts ArgScan collected.
//      - -fsanitize-schedule=<s> is always removed (clang does not know it).
//      - With `none`, nothing else changes: the plain compiler's command.
//      - -fsanitize-schedule-funcs=<f,g> is removed too.
//      - A compile step with code generation gets the pass plugin in front,
//        and the pass options of `script` and -fsanitize-schedule-funcs.
//      - An executable link gets the runtime at the end, after the user's
//        objects and libraries (so their hook references resolve to it),
//        behind `-x none` if a `-x <lang>` would otherwise apply to it.
//      - A -shared link loses -Wl,--no-undefined and -z defs (see .cpp).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_CC_REWRITE_H
#define SCHEDSAN_CC_REWRITE_H

#include "ArgScan.h"
#include "Paths.h"

#include <string>
#include <vector>

namespace schedsan::cc {

// Args is argv without argv[0], as the user gave it (response files not
// expanded: those that need no change are passed on unchanged).
// CxxDriver: the compiler is clang++ (which links the C++ standard library
// itself).
std::vector<std::string> rewriteArgs(const std::vector<std::string> &Args,
                                     const ArgFacts &F, const Layout &L,
                                     bool CxxDriver);

} // namespace schedsan::cc

#endif
