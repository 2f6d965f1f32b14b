//===- schedsan_init.h - Starting the runtime ------------------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_init.h
//
// DESCRIPTION:
//    The runtime starts at the first event of the process (an instrumented
//    access, an interceptor, the fork server's check before main): options,
//    interceptors, the main thread, the first run, signals, the exit hook.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_INIT_H
#define SCHEDSAN_INIT_H

namespace schedsan {

// Starts the runtime once per process (no-op after): the options, the
// interceptors, the exit hook, and the run (startMainRun) unless a check
// defers it.
void ensureInit();
// The calling thread becomes the main thread of a run that starts now:
// at init, or in a check's child.
void startMainRun();

} // namespace schedsan

#endif // SCHEDSAN_INIT_H
