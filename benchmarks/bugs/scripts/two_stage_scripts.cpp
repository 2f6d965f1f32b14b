//===- two_stage_scripts.cpp - The two-stage pipeline's failing schedule --===//
//
// FILE:
//    benchmarks/bugs/scripts/two_stage_scripts.cpp
//
// DESCRIPTION:
//    ExactHandover drives two_stage_<N>.c along its failing schedule: the
//    first stage worker publishes stage one and stops in its hand-over,
//    before it takes stage two's lock; the reader then runs to its end,
//    finds stage one published and stage two not, and its assertion
//    fails. Main created the N - 1 stage workers first, the reader last.
//
// USAGE:
//    schedsan-clang -fsanitize-schedule=script -g -O1 -c two_stage_100.c
//    schedsan-clang++ -fsanitize-schedule=script -g -O1 \
//        scripts/two_stage_scripts.cpp two_stage_100.o -o two_stage_100
//    SCHEDSAN_OPTIONS=script=ExactHandover ./two_stage_100
//===----------------------------------------------------------------------===//
#include "schedules.h"

using namespace schedsan::script;

extern "C" const int two_stage_threads;

SCHEDSAN_SCRIPT(ExactHandover) {
  std::vector<Tid> T = StartedThreadsByCreation(two_stage_threads);
  Tid Worker = T[0], Reader = T.back();
  RunThreadUntil(Worker, WritesMem);      // holds stage one's lock
  RunThreadUntil(Worker, Synchronizes()); // wrote stage one: the unlock
  RunThreadUntil(Worker, Synchronizes()); // before stage two's lock
  RunThreadUntil(Reader, ThreadEnds);
}
