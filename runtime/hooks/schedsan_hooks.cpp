//===- schedsan_hooks.cpp - Callbacks from instrumented code --------------===//
//
// FILE:
//    runtime/hooks/schedsan_hooks.cpp
//
// DESCRIPTION:
//    Definitions of every hook in schedsan_interface.def (declared through
//    schedsan_interface.h, so a signature that drifts from the pass's is a
//    compile error). Each turns into a memory event on the fast path of
//    schedsan_rtl.h. Also the control point of <schedsan/control.h>, which
//    the program calls itself.
//===----------------------------------------------------------------------===//
#include "core/schedsan_init.h"
#include "core/schedsan_sites.h"
#include "hooks/schedsan_access.h"
#include "schedsan/schedsan_interface.h"

using namespace schedsan;

namespace {
uintptr_t addr(const void *P) { return reinterpret_cast<uintptr_t>(P); }
} // namespace

#define SIZED(Size)                                                            \
  extern "C" void __schedsan_read##Size(void *A, const schedsan_site *S) {     \
    memoryEvent(EventKind::Read, addr(A), Size, false, S);                     \
  }                                                                            \
  extern "C" void __schedsan_write##Size(void *A, const schedsan_site *S) {    \
    memoryEvent(EventKind::Write, addr(A), Size, true, S);                     \
  }                                                                            \
  extern "C" void __schedsan_update##Size(void *A, const schedsan_site *S) {   \
    memoryEvent(EventKind::Update, addr(A), Size, true, S);                    \
  }
SIZED(1)
SIZED(2)
SIZED(4)
SIZED(8)
SIZED(16)
#undef SIZED

extern "C" {

void __schedsan_control_point(int Label);

void __schedsan_init_module(const schedsan_site *Begin,
                            const schedsan_site *End) {
  ensureInit();
  registerSites(Begin, End);
}

void __schedsan_guarded_accesses_skipped(uint32_t) {
  guarded_accesses_skipped = true;
}

void __schedsan_read_range(void *A, uintptr_t N, const schedsan_site *S) {
  memoryEvent(EventKind::Read, addr(A), N, false, S);
}
void __schedsan_write_range(void *A, uintptr_t N, const schedsan_site *S) {
  memoryEvent(EventKind::Write, addr(A), N, true, S);
}
void __schedsan_update_range(void *A, uintptr_t N, const schedsan_site *S) {
  memoryEvent(EventKind::Update, addr(A), N, true, S);
}

void __schedsan_atomic_load(void *A, uint32_t Size, uint32_t,
                            const schedsan_site *S) {
  memoryEvent(EventKind::AtomicLoad, addr(A), Size, false, S);
}
void __schedsan_atomic_store(void *A, uint32_t Size, uint32_t,
                             const schedsan_site *S) {
  memoryEvent(EventKind::AtomicStore, addr(A), Size, true, S);
}
void __schedsan_atomic_rmw(void *A, uint32_t Size, uint32_t Op, uint32_t,
                           const schedsan_site *S) {
  // Add and subtract change the value (a fetch_add(0) used as a read is
  // not seen as a poll; the fair slices still bound such a spin).
  const bool Changes = Op == SCHEDSAN_RMW_ADD || Op == SCHEDSAN_RMW_SUB;
  memoryEvent(EventKind::AtomicRMW, addr(A), Size, true, S, 0, Changes);
}
void __schedsan_atomic_cmpxchg(void *A, uint32_t Size, uint32_t, uint32_t,
                               const schedsan_site *S) {
  memoryEvent(EventKind::AtomicCmpXchg, addr(A), Size, true, S);
}
void __schedsan_atomic_fence(uint32_t, const schedsan_site *S) {
  memoryEvent(EventKind::Fence, 0, 0, true, S);
}

void __schedsan_mem_transfer(void *Dst, void *Src, uintptr_t N,
                             const schedsan_site *S) {
  memoryEvent(EventKind::MemTransfer, addr(Dst), N, true, S, addr(Src));
}
void __schedsan_mem_set(void *Dst, uintptr_t N, const schedsan_site *S) {
  memoryEvent(EventKind::MemSet, addr(Dst), N, true, S);
}

void __schedsan_func_entry(void *Fn, const schedsan_site *S) {
  memoryEvent(EventKind::FuncEntry, addr(Fn), 0, false, S);
}
void __schedsan_func_exit(void *Fn, const schedsan_site *S) {
  memoryEvent(EventKind::FuncExit, addr(Fn), 0, false, S);
}
void __schedsan_call(void *Callee, const schedsan_site *S) {
  memoryEvent(EventKind::Call, addr(Callee), 0, false, S);
}

// SCHEDSAN_CONTROL_POINT(Label) (<schedsan/control.h>, which declares it
// weak for programs built without the runtime; not included here, or this
// definition would be weak too). A Control event whose object is the label
// (as uintptr_t: -1 is ~0), located at the caller's return address, since
// no site table names it; scheduled like a memory event.
void __schedsan_control_point(int Label) {
  ThreadState *T = cur_thread;
  if (!T)
    return;
  if (T->mode == Mode::Controlled && rt.num_live == 1 && !rt.num_released) {
    // As memoryEvent: nothing to decide, only the step budget.
    if (++rt.steps >= rt.budget)
      budgetExhausted();
    return;
  }
  if (T->mode == Mode::InRuntime || T->mode == Mode::Uncontrolled || !rt.active)
    return;
  setPending(T, EventKind::Control, static_cast<uintptr_t>(Label), 0, false);
  T->pc = __builtin_return_address(0);
  schedule(T);
}

} // extern "C"
