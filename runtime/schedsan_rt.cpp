//===- schedsan_rt.cpp - The runtime's data -------------------------------===//
//
// FILE:
//    runtime/schedsan_rt.cpp
//
// DESCRIPTION:
//    Defines rt and cur_thread (schedsan_rt.h).
//===----------------------------------------------------------------------===//
#include "schedsan_rt.h"

namespace schedsan {

// In .lbss, which linkers place after all of .bss (a zero-filled section
// too): the 2 MB of rt's arrays then come after the runtime's and the
// program's other variables, and the pages a run writes (those variables,
// rt's fields, its threads' entries) lie close together, mostly in one
// 2 MB block of the address space. Each page a fork server's run writes is
// a fault, and each 2 MB block they span one more page table to copy and
// free (benchmarks/RESULTS.md, "Runner throughput").
#ifdef __clang__
#pragma clang section bss = ".lbss"
#endif
Runtime rt;
#ifdef __clang__
#pragma clang section bss = ""
#endif
__thread ThreadState *cur_thread __attribute__((tls_model("initial-exec")));

} // namespace schedsan
