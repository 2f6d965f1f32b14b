//===- fib_alternation_scripts.cpp - The strict alternation ---------------===//
//
// FILE:
//    benchmarks/bugs/scripts/fib_alternation_scripts.cpp
//
// DESCRIPTION:
//    StrictAlternation drives fib_alternation.c along its failing
//    schedule: the two accumulators make their updates in turns (each
//    update its loads and its store, then the other thread's), so every
//    update reads the other thread's latest store, the counters reach the
//    limit, and main's assertion after the joins fails.
//
// USAGE:
//    schedsan-clang -fsanitize-schedule=script -g -O1 -c fib_alternation.c
//    schedsan-clang++ -fsanitize-schedule=script -g -O1 \
//        scripts/fib_alternation_scripts.cpp fib_alternation.o -o fib
//    SCHEDSAN_OPTIONS=script=StrictAlternation ./fib
//===----------------------------------------------------------------------===//
#include "schedules.h"

using namespace schedsan::script;

extern "C" const int fib_rounds;

// Runs T's next update: its loads and its store, up to its next load (or
// its end).
static void update(Tid T) {
  RunThreadUntil(T, WritesMem);
  RunThreadUntil(T, ReadsMem || ThreadEnds);
}

SCHEDSAN_SCRIPT(StrictAlternation) {
  std::vector<Tid> T = StartedThreadsByCreation(2);
  for (int Round = 0; Round < fib_rounds; ++Round) {
    update(T[0]);
    update(T[1]);
  }
}
