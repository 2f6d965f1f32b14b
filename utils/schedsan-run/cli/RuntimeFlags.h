//===- RuntimeFlags.h - The runtime options the runner reads ----*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/cli/RuntimeFlags.h
//
// DESCRIPTION:
//    The list of runtime options, common/schedsan_flags.inc, read by the
//    runner too: which keys it sets on every run itself (the Runner column:
//    it refuses them in -o and drops them from SCHEDSAN_OPTIONS, saying what
//    to use instead), and the range of those it has options of its own for
//    (--depth). Otherwise whether a key exists and what values it takes is
//    left to the program's runtime, which names a bad key or value itself.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_RUNTIMEFLAGS_H
#define SCHEDSAN_RUN_RUNTIMEFLAGS_H

#include <cstdint>
#include <string>

namespace schedsan::run {

// For a runtime option the runner sets on every run: what its user gives
// instead ("--out", ...); else null.
const char *setByRunner(const std::string &Key);

// The values the runtime's int or u64 option Key accepts, Min..Max; Key's
// range must not start below 0.
void runtimeRange(const std::string &Key, uint64_t &Min, uint64_t &Max);

} // namespace schedsan::run

#endif
