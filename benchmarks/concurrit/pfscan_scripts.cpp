//===- pfscan_scripts.cpp - Test scripts for the parallel file scanner ----===//
//
// FILE:
//    benchmarks/concurrit/pfscan_scripts.cpp
//
// DESCRIPTION:
//    The test patterns of Concurrit (PLDI 2013, §5.1, Table 1) for
//    pfscan.c: the two workers, bound at their start (main queued every
//    name before it started them). The bug: two workers read files_done
//    in file_done before either writes it back; main's check fails.
//      SearchAll       every memory access and call of the two workers
//      SearchInFunc    only those inside file_done
//      SearchInFuncCB  the same, to run with a context bound
//                      (schedsan run --context-bound 2)
//      SearchInFuncLS  only at the control point (2) of file_done
//      ExactSchedule   the buggy schedule: both workers read the count,
//                      then both write it back
//
// USAGE:
//    schedsan-clang -fsanitize-schedule=script -g -O0 -c pfscan.c
//    schedsan-clang++ -fsanitize-schedule=script -g -O0 pfscan_scripts.cpp \
//        pfscan.o -o pfscan
//    schedsan run --script SearchInFuncLS --search dfs -- ./pfscan
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
  Pred InF = InFunc("file_done");
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
  RunThreadUntil(T[0], AtControl(2)); // W1 read files_done
  RunThreadUntil(T[1], AtControl(2)); // W2 read the same count
  RunThreadsUntil(T, ThreadEnds);     // both write it back: one file lost
}
