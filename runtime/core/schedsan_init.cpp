//===- schedsan_init.cpp - Starting the runtime ---------------------------===//
//
// FILE:
//    runtime/core/schedsan_init.cpp
//
// DESCRIPTION:
//    ensureInit(): see schedsan_init.h. A binary built with
//    -fsanitize-schedule=<strategy> defines __schedsan_default_strategy
//    (lib/schedsan/default-<strategy>.o); this weak definition is the
//    fallback. A program that uses <schedsan/check.h> starts uncontrolled
//    (schedsan_check_mode.h): its runs start in the children a check forks.
//===----------------------------------------------------------------------===//
#include "core/schedsan_init.h"
#include "core/schedsan_check_mode.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_interception.h"
#include "core/schedsan_log.h"
#include "core/schedsan_rt.h"
#include "core/schedsan_run.h"
#include "core/schedsan_signals.h"
#include "core/schedsan_thread.h"
#include "core/schedsan_weak_hooks.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

extern "C" __attribute__((weak)) const char __schedsan_default_strategy[] = "";

namespace schedsan {

namespace {

void atForkChild() {
  // The child continues uncontrolled: only the forking thread exists in it,
  // and the parent's schedule must not be disturbed. (A fork server's
  // children are the exception: they start a run of their own.)
  if (rt.fork_server_child)
    return;
  rt.active = false;
  cur_thread = nullptr;
}

} // namespace

void ensureInit() {
  if (rt.initialized)
    return;
  rt.initialized = true;
  LsanDisabler NoLeakChecks;
  initFlags(__schedsan_default_strategy);
  setLogPath(flags.log_path);
  initCommandLine();
  initInterceptors();
  pthread_atfork(nullptr, nullptr, atForkChild);
  on_exit([](int Status, void *) { finalize(Status); }, nullptr);
  if (!checkDefersRun())
    startMainRun();
}

void startMainRun() {
  ThreadState *Main = registerThread(nullptr); // tells no strategy yet
  beginRun();
  Main->pthread = pthread_self();
  Main->ktid = gettid();
  Main->turn.store(1, std::memory_order_relaxed);
  rt.pending[Main->slot].kind = EventKind::ThreadStart;
  rt.current = Main;
  cur_thread = Main;
  armThreadExit(Main); // for pthread_exit in main
  rt.active = true;
  initSignals();
  armSignalStack();
  reserveSignalStack();
}

} // namespace schedsan
