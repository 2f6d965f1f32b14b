//===- SchedSanOptions.cpp - Command-line knobs of the pass ---------------===//
//
// FILE:
//    pass/SchedSanOptions.cpp
//
// DESCRIPTION:
//    Definitions of the -schedsan-* options declared in SchedSanOptions.h.
//===----------------------------------------------------------------------===//
#include "SchedSanOptions.h"

using namespace llvm;

namespace schedsan {

cl::opt<Granularity> ClGranularity(
    "schedsan-granularity",
    cl::desc("Which operations become scheduling points"),
    cl::values(clEnumValN(Granularity::All, "all",
                          "every access that may touch shared memory"),
               clEnumValN(Granularity::Sync, "sync",
                          "atomics, fences and volatile accesses only")),
    cl::init(Granularity::All), cl::Hidden);

cl::opt<bool> ClFuncEvents(
    "schedsan-func-events",
    cl::desc("Insert function enter/return events (scripting API)"),
    cl::init(false), cl::Hidden);

// Concurrit's SearchInFunc: enter/return events in these functions only
// (FunctionFilter.h says how names match).
cl::list<std::string> ClFuncFilter(
    "schedsan-func-filter",
    cl::desc("Insert function enter/return events in these functions only "
             "(comma-separated linkage names or demangled names without "
             "parameters)"),
    cl::CommaSeparated, cl::Hidden);

cl::opt<bool>
    ClCallEvents("schedsan-call-events",
                 cl::desc("Insert an event before every call (scripting API)"),
                 cl::init(false), cl::Hidden);

cl::opt<bool> ClMemIntrinsics(
    "schedsan-mem-intrinsics",
    cl::desc("Turn memcpy/memmove/memset intrinsics into range events"),
    cl::init(true), cl::Hidden);

// Off (the default): the read and the write of `x++` are two scheduling
// points, so another thread may run between them and a lost update can
// happen. On: a read merged into the following write of the same address
// is one scheduling point, so `x++` cannot be interleaved (fewer points,
// and every lost update between the read and the write is hidden).
cl::opt<bool> ClCompoundUpdates(
    "schedsan-compound-updates",
    cl::desc("Make a read followed by a write of the same address one "
             "event, so that no thread runs between them (default false: "
             "two scheduling points, a lost update can happen)"),
    cl::init(false), cl::Hidden);

// Plain accesses the thread-safety analysis proved made under their
// GUARDED_BY lock (marked by GuardedAccesses.cpp) get no point.
cl::opt<bool> ClGuardedAccesses(
    "schedsan-guarded-accesses",
    cl::desc("No scheduling point for an access of GUARDED_BY data proved "
             "made under its lock (default); false keeps their points"),
    cl::init(true), cl::Hidden);

// The memory operands of inline assembly (Concurrency Kit's and other
// hand-written atomics) are atomic accesses: without their points a spin
// on such an operand reaches no scheduling point at all.
cl::opt<bool> ClInlineAsm(
    "schedsan-inline-asm",
    cl::desc("Give each memory operand of inline assembly an atomic event "
             "(default): a load for an input, a store for an output, a "
             "read-modify-write for both"),
    cl::init(true), cl::Hidden);

} // namespace schedsan
