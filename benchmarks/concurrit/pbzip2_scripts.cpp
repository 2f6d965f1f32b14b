//===- pbzip2_scripts.cpp - Test scripts for the compressor's FIFO --------===//
//
// FILE:
//    benchmarks/concurrit/pbzip2_scripts.cpp
//
// DESCRIPTION:
//    The test patterns of Concurrit (PLDI 2013, §5.1, Table 1) for
//    pbzip2.c: the two consumers, bound at their start, and main, bound
//    where it starts waiting for them (wait_compressed) after it created
//    them and queued every block: T = {C1, C2, main} in that order. The
//    searches go on while a consumer lives (main, which joins them, ends
//    only after they have). The bug: main deletes the FIFO
//    between a consumer's last compress_block and its next queue_use.
//      SearchAll       every memory access and call of the three threads
//      SearchInFunc    only those inside queue_use and queue_delete
//      SearchInFuncCB  the same, to run with a context bound
//                      (schedsan run --context-bound 2)
//      SearchInFuncLS  only at the control points (20-22)
//      ExactSchedule   the buggy schedule: C1 compresses all three blocks,
//                      main deletes the FIFO, C1 comes back to it
//
// USAGE:
//    schedsan-clang -fsanitize-schedule=script -g -O0 -c pbzip2.c
//    schedsan-clang++ -fsanitize-schedule=script -g -O0 pbzip2_scripts.cpp \
//        pbzip2.o -o pbzip2
//    schedsan run --script SearchInFuncLS --search dfs -- ./pbzip2
//===----------------------------------------------------------------------===//
#include "patterns.h"

using namespace schedsan::script;

SCHEDSAN_SCRIPT(SearchAll) {
  std::vector<Tid> T =
      WaitForDistinctThreads(3, ThreadStarts || EntersFunc("wait_compressed"));
  std::vector<Tid> C = {T[0], T[1]}; // main ends after them: it joins them
  while (!AllEnded(C))
    RunThreadUntil(ChooseThread(T),
                   ReadsMem || WritesMem || CallsFunc || ThreadEnds);
}

static void searchInFunc() {
  std::vector<Tid> T =
      WaitForDistinctThreads(3, ThreadStarts || EntersFunc("wait_compressed"));
  Pred InF = InFunc("queue_use") || InFunc("queue_delete");
  std::vector<Tid> C = {T[0], T[1]};
  while (!AllEnded(C))
    RunThreadUntil(ChooseThread(T),
                   (InF && (ReadsMem || WritesMem || CallsFunc)) || ThreadEnds);
}

SCHEDSAN_SCRIPT(SearchInFunc) { searchInFunc(); }

SCHEDSAN_SCRIPT(SearchInFuncCB) { searchInFunc(); }

SCHEDSAN_SCRIPT(SearchInFuncLS) {
  std::vector<Tid> T =
      WaitForDistinctThreads(3, ThreadStarts || EntersFunc("wait_compressed"));
  std::vector<Tid> C = {T[0], T[1]};
  while (!AllEnded(C))
    RunThreadUntil(ChooseThread(T), AtControl || ThreadEnds);
}

SCHEDSAN_SCRIPT(ExactSchedule) {
  std::vector<Tid> T =
      WaitForDistinctThreads(3, ThreadStarts || EntersFunc("wait_compressed"));
  for (int Block = 0; Block < 3; ++Block)
    RunThreadUntil(T[0], ReturnsFunc("compress_block")); // C1 does them all
  RunThreadUntil(T[2], AtControl(22)); // main deletes the FIFO
  RunThreadUntil(T[0], ThreadEnds);    // C1 comes back to it
}
