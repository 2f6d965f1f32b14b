//===- schedsan_weak_hooks.h - Other sanitizers' hooks ----------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_weak_hooks.h
//
// DESCRIPTION:
//    Scopes that call a linked sanitizer's interface functions (weak
//    symbols: nothing when that sanitizer is absent): LeakSanitizer off for
//    the runtime's own allocations, ThreadSanitizer blind to the runtime's
//    own memory.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_WEAK_HOOKS_H
#define SCHEDSAN_WEAK_HOOKS_H

namespace schedsan {

// Calls Begin now and End when the scope ends, each if it is linked (a
// sanitizer's weak interface function).
class WeakHookScope {
public:
  WeakHookScope(void (*Begin)(), void (*End)()) : End(End) {
    if (Begin)
      Begin();
  }
  ~WeakHookScope() {
    if (End)
      End();
  }

private:
  void (*End)();
};

extern "C" {
__attribute__((weak)) void __lsan_disable();
__attribute__((weak)) void __lsan_enable();
__attribute__((weak)) void __tsan_ignore_thread_begin();
__attribute__((weak)) void __tsan_ignore_thread_end();
}

// With LeakSanitizer linked (-fsanitize=address), allocations the runtime
// keeps until exit must not be reported as leaks.
struct LsanDisabler : WeakHookScope {
  LsanDisabler() : WeakHookScope(__lsan_disable, __lsan_enable) {}
};

// With ThreadSanitizer linked (-fsanitize=thread), the runtime's own
// memory -- its allocations, the strategies' arrays, which the scheduler's
// threads touch in turn after a hand-over TSan cannot see -- must not look
// racy: the scheduler's slow paths run with TSan ignoring this thread's
// accesses (a weak-symbol test when TSan is absent).
struct TsanIgnore : WeakHookScope {
  TsanIgnore()
      : WeakHookScope(__tsan_ignore_thread_begin, __tsan_ignore_thread_end) {}
};

} // namespace schedsan

#endif // SCHEDSAN_WEAK_HOOKS_H
