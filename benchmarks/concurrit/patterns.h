//===- patterns.h - What the Concurrit test patterns share -----*- C++ -*-===//
//
// FILE:
//    benchmarks/concurrit/patterns.h
//
// DESCRIPTION:
//    The loop conditions of the test patterns of Concurrit (Elmas et al.,
//    PLDI 2013, §5.1), which the paper writes out as `!HasEnded(t1) || ...`
//    and `InFunc(t1, f1) || ...`, for the <prog>_scripts.cpp files here.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_BENCHMARKS_CONCURRIT_PATTERNS_H
#define SCHEDSAN_BENCHMARKS_CONCURRIT_PATTERNS_H

#include <schedsan/script.h>

#include <vector>

namespace schedsan::script {

// Every thread of T has ended.
inline bool AllEnded(const std::vector<Tid> &T) {
  for (Tid t : T)
    if (!HasEnded(t))
      return false;
  return true;
}

} // namespace schedsan::script

#endif // SCHEDSAN_BENCHMARKS_CONCURRIT_PATTERNS_H
