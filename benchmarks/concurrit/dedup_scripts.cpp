//===- dedup_scripts.cpp - Test scripts for the pipeline stage ------------===//
//
// FILE:
//    benchmarks/concurrit/dedup_scripts.cpp
//
// DESCRIPTION:
//    The test patterns of Concurrit (PLDI 2013, §5.1, Table 1) for
//    dedup.c: the two stages, bound at their start in the order main
//    creates them (dedup_stage, then compress_stage). The bug:
//    compress_stage takes a chunk between dedup_stage's hand-off and its
//    fingerprint.
//      SearchAll       every memory access and call of the two stages
//      SearchInFunc    only those inside the stage functions themselves
//                      (not in the queue's stage_send, stage_receive)
//      SearchInFuncCB  the same, to run with a context bound
//                      (schedsan run --context-bound 2)
//      SearchInFuncLS  only at the control points (30-32)
//      ExactSchedule   the buggy schedule: dedup_stage hands the first
//                      chunk on, compress_stage takes and reads it
//
// USAGE:
//    schedsan-clang -fsanitize-schedule=script -g -O0 -c dedup.c
//    schedsan-clang++ -fsanitize-schedule=script -g -O0 dedup_scripts.cpp \
//        dedup.o -o dedup
//    schedsan run --script SearchInFuncLS --search dfs -- ./dedup
//===----------------------------------------------------------------------===//
#include "patterns.h"

using namespace schedsan::script;

SCHEDSAN_SCRIPT(SearchAll) {
  std::vector<Tid> T = WaitForDistinctThreads(2, ThreadStarts);
  while (!AllEnded(T))
    RunThreadUntil(ChooseThread(T),
                   ReadsMem || WritesMem || CallsFunc || ThreadEnds);
}

static void searchInFunc() {
  std::vector<Tid> T = WaitForDistinctThreads(2, ThreadStarts);
  Pred InF = !InFunc("stage_send") && !InFunc("stage_receive");
  while (!AllEnded(T))
    RunThreadUntil(ChooseThread(T),
                   (InF && (ReadsMem || WritesMem || CallsFunc)) || ThreadEnds);
}

SCHEDSAN_SCRIPT(SearchInFunc) { searchInFunc(); }

SCHEDSAN_SCRIPT(SearchInFuncCB) { searchInFunc(); }

SCHEDSAN_SCRIPT(SearchInFuncLS) {
  std::vector<Tid> T = WaitForDistinctThreads(2, ThreadStarts);
  while (!AllEnded(T))
    RunThreadUntil(ChooseThread(T), AtControl || ThreadEnds);
}

SCHEDSAN_SCRIPT(ExactSchedule) {
  std::vector<Tid> T = WaitForDistinctThreads(2, ThreadStarts);
  RunThreadUntil(T[0], AtControl(30)); // the first chunk is handed on
  RunThreadUntil(T[1], AtControl(32)); // the next stage takes it
  RunThreadUntil(T[1], ThreadEnds);    // and finds it unfinished
}
