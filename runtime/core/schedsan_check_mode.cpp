//===- schedsan_check_mode.cpp - Whether a check defers the run -----------===//
//
// FILE:
//    runtime/core/schedsan_check_mode.cpp
//
// DESCRIPTION:
//    See schedsan_check_mode.h.
//===----------------------------------------------------------------------===//
#include "core/schedsan_check_mode.h"
#include "schedsan/schedsan_protocol.h"

#include <stdlib.h>
#include <string.h>

// <schedsan/check.h>'s: present when the program uses it.
extern "C" __attribute__((weak)) char __schedsan_check_used;

namespace schedsan {

namespace {

bool Deferred = false;
const char *Replay = nullptr; // set in a check's child only
uint64_t *KSink = nullptr;    // shared with the parent

// Whether SCHEDSAN_OPTIONS names a seed: a runner's run (exec'd, replayed,
// minimized) or a user's choice of one run.
bool optionsNameSeed() {
  const char *O = secure_getenv(SCHEDSAN_ENV_OPTIONS);
  for (const char *P = O; P && *P; ++P) {
    const bool KeyStart =
        P == O || (P[-1] == ':' && (P - O < 2 || P[-2] != '\\'));
    if (KeyStart && !strncmp(P, "seed=", 5))
      return true;
  }
  return false;
}

} // namespace

bool checkDefersRun() {
  Deferred = &__schedsan_check_used &&
             !secure_getenv(SCHEDSAN_ENV_FORKSERVER) && !optionsNameSeed();
  return Deferred;
}

bool checkDeferred() { return Deferred; }

void enterCheckRun(const char *ReplayCommand, uint64_t *K) {
  Replay = ReplayCommand;
  KSink = K;
}

void noteCheckRunK(uint64_t K) {
  if (KSink)
    *KSink = K;
}

bool inCheckRun() { return Replay != nullptr; }

const char *checkReplayCommand() { return Replay; }

} // namespace schedsan
