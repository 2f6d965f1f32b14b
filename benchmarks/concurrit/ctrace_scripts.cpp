//===- ctrace_scripts.cpp - Test scripts for the tracing library ----------===//
//
// FILE:
//    benchmarks/concurrit/ctrace_scripts.cpp
//
// DESCRIPTION:
//    The test patterns of Concurrit (PLDI 2013, §5.1, Table 1) for
//    ctrace.c: the two traced workers, bound at their start. The bug: both
//    read trace_pos before either writes it back, so both write one record.
//      SearchAll       every memory access and call of the two workers
//      SearchInFunc    only those inside trace_enter and trace_exit
//      SearchInFuncCB  the same, to run with a context bound
//                      (schedsan run --context-bound 2)
//      SearchInFuncLS  only at the control points (41-43)
//      ExactSchedule   the buggy schedule (the paper's Appendix A has one
//                      for ctrace): W1 reads trace_pos, W2 takes the same
//                      record, W1 overwrites it, W2 finds it overwritten
//
// USAGE:
//    schedsan-clang -fsanitize-schedule=script -g -O0 -c ctrace.c
//    schedsan-clang++ -fsanitize-schedule=script -g -O0 ctrace_scripts.cpp \
//        ctrace.o -o ctrace
//    schedsan run --script SearchInFuncLS --search dfs -- ./ctrace
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
  Pred InF = InFunc("trace_enter") || InFunc("trace_exit");
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
  RunThreadUntil(T[0], AtControl(42)); // W1 read trace_pos
  RunThreadUntil(T[1], AtControl(43)); // W2 takes the same record
  RunThreadUntil(T[0], AtControl(43)); // W1 overwrites it
  RunThreadUntil(T[1], ThreadEnds);    // W2's trace_exit finds W1's record
}
