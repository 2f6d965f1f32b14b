//===- RuntimeFlags.h - The runtime options the runner reads ----*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/RuntimeFlags.h
//
// DESCRIPTION:
//    The list of runtime options, runtime/schedsan_flags.inc, read by the
//    runner too: which keys it sets on every run itself (the Runner column:
//    it refuses them in -o and drops them from SCHEDSAN_OPTIONS, saying what
//    to use instead). Whether a key exists and what values it takes is left
//    to the program's runtime, which names a bad key or value itself.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_RUNTIMEFLAGS_H
#define SCHEDSAN_RUN_RUNTIMEFLAGS_H

#include <string>

namespace schedsan::run {

// For a runtime option the runner sets on every run: what its user gives
// instead ("--out", ...); else null.
const char *setByRunner(const std::string &Key);

} // namespace schedsan::run

#endif
