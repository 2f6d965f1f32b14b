//===- schedsan_script_state.h - What a script and its run share -*- C++
//-*-===//
//
// FILE:
//    runtime/script/schedsan_script_state.h
//
// DESCRIPTION:
//    The state of the test script of a run (schedsan_script.h), read and
//    written by whichever side has the turn: the script's thread in its
//    commands (schedsan_script_commands.cpp), the run at its scheduling
//    points (schedsan_script.cpp).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_SCRIPT_STATE_H
#define SCHEDSAN_SCRIPT_STATE_H

#include "core/schedsan_rt.h"
#include "schedsan/schedsan_script_abi.h"

namespace schedsan {

struct ScriptState {
  // On malloc, not the C++ library's operator new (strategy/Vec.h).
  static void *operator new(size_t Size) { return mallocOrDie(Size); }
  static void operator delete(void *P) { free(P); }

  void (*fn)(void) = nullptr; // the script
  bool started = false;       // its thread runs
  bool done = false;          // it returned
  // It ended the run (ChooseThread with every thread ended...): why.
  const char *failure = nullptr;

  // A select that waits: the set (tids, or with all every thread but
  // tids) and where its answer goes.
  bool waiting = false;
  int all = 0;
  const uint32_t *tids = nullptr;
  size_t num_tids = 0;
  schedsan_script_event *out = nullptr;

  // The timeout: the step at which the select (or the library command
  // around it) began, and the command's name.
  uint64_t wait_start = 0;
  const char *wait_what = nullptr;
  bool in_wait = false;

  uint64_t arrivals = 0;    // events that reached the script so far
  Tid last_chosen = kNoTid; // ChooseThread's last answer
  int switches = 0;         // ChooseThread's switches away from it
  Rng picks;                // among released threads that can go on
  Rng oracle;               // choose() with search=random

  std::atomic<uint32_t> turn{0}; // futex word: 1 while the script runs
};

extern ScriptState *script; // this run's, from scriptBeginRun

bool scriptInWaitSet(Tid T);
// T lives and its pending event could be performed now.
bool scriptCanGoOn(Tid T);
// The earliest event of the wait set's threads that the script has not
// released; null if none or no select waits.
ThreadState *scriptCandidate();
void scriptDescribe(const ThreadState *T, schedsan_script_event *Out);
// The run's side: lets the script go on until it waits or returns.
void scriptRun();
// The script's side: waits for its turn; gives it back (and goes on).
void scriptWaitTurn();
void scriptHandBack();
// The oracle's answer among N >= 2 alternatives (the search's prefix, then
// depth-first or seeded random: schedsan_script_oracle.cpp).
uint32_t scriptOracle(uint32_t N);

} // namespace schedsan

#endif // SCHEDSAN_SCRIPT_STATE_H
