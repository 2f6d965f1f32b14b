//===- bbuf_scripts.cpp - Test scripts for the bounded buffer -------------===//
//
// FILE:
//    benchmarks/concurrit/bbuf_scripts.cpp
//
// DESCRIPTION:
//    The test patterns of Concurrit (PLDI 2013, §5.1, Table 1) for bbuf.c:
//    two producers (T[0], T[2]) and two consumers (T[1], T[3]), bound at
//    their start in the order main creates them. The bug: both producers
//    pass bb_put's check while one slot is free, and both fill it.
//      SearchAll       the four threads at every memory access and call
//      SearchInFunc    the producers (the consumers wait at their start)
//                      at the accesses and calls inside bb_put
//      SearchInFuncCB  the same, to run with a context bound
//                      (schedsan run --context-bound 2)
//      SearchInFuncLS  the producers at the control points of bb_put
//      ExactSchedule   the buggy schedule: the first producer fills one
//                      slot and checks again, the second checks, then both
//                      act
//
// USAGE:
//    schedsan-clang -fsanitize-schedule=script -g -O0 -c bbuf.c
//    schedsan-clang++ -fsanitize-schedule=script -g -O0 bbuf_scripts.cpp \
//        bbuf.o -o bbuf
//    schedsan run --script SearchInFuncLS --search dfs -- ./bbuf
//    SCHEDSAN_OPTIONS=script=ExactSchedule ./bbuf
//===----------------------------------------------------------------------===//
#include "patterns.h"

using namespace schedsan::script;

SCHEDSAN_SCRIPT(SearchAll) {
  std::vector<Tid> T = WaitForDistinctThreads(4, ThreadStarts);
  while (!AllEnded(T))
    RunThreadUntil(ChooseThread(T),
                   ReadsMem || WritesMem || CallsFunc || ThreadEnds);
}

static void searchInFunc() {
  std::vector<Tid> T = WaitForDistinctThreads(4, ThreadStarts);
  std::vector<Tid> P = {T[0], T[2]};
  Pred InF = InFunc("bb_put");
  while (!AllEnded(P))
    RunThreadUntil(ChooseThread(P),
                   (InF && (ReadsMem || WritesMem || CallsFunc)) || ThreadEnds);
}

SCHEDSAN_SCRIPT(SearchInFunc) { searchInFunc(); }

SCHEDSAN_SCRIPT(SearchInFuncCB) { searchInFunc(); }

SCHEDSAN_SCRIPT(SearchInFuncLS) {
  std::vector<Tid> T = WaitForDistinctThreads(4, ThreadStarts);
  std::vector<Tid> P = {T[0], T[2]};
  while (!AllEnded(P))
    RunThreadUntil(ChooseThread(P), AtControl || ThreadEnds);
}

SCHEDSAN_SCRIPT(ExactSchedule) {
  std::vector<Tid> T = WaitForDistinctThreads(4, ThreadStarts);
  RunThreadUntil(T[0], AtControl(2));          // P1 sees room
  RunThreadUntil(T[0], AtControl(2));          // P1 fills a slot, sees room
  RunThreadUntil(T[2], AtControl(2));          // P2 sees the same last slot
  RunThreadUntil(T[0], ReturnsFunc("bb_put")); // P1 takes it
  RunThreadUntil(T[2], ReturnsFunc("bb_put")); // P2 overflows the buffer
}
