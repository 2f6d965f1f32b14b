//===- schedsan_rt.cpp - The runtime's data -------------------------------===//
//
// FILE:
//    runtime/core/schedsan_rt.cpp
//
// DESCRIPTION:
//    Defines rt and cur_thread (schedsan_rt.h).
//===----------------------------------------------------------------------===//
#include "core/schedsan_rt.h"

#include <type_traits>

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
// Constant initialization, held by the compiler: a dynamic initializer
// would run after a module constructor may already have started the
// runtime, and wipe it.
SCHEDSAN_CONSTINIT Runtime rt;
#ifdef __clang__
#pragma clang section bss = ""
#endif
// No destructor either: exit handlers and threads that outlive main's
// return use rt after static destructors ran.
static_assert(std::is_trivially_destructible<Runtime>::value,
              "rt must stay usable after static destructors");
static_assert(std::is_trivially_destructible<ThreadState>::value,
              "a ThreadState is never destroyed at exit");
__thread ThreadState *cur_thread __attribute__((tls_model("initial-exec")));

} // namespace schedsan
