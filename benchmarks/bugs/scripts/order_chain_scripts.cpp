//===- order_chain_scripts.cpp - The order chain's failing schedule -------===//
//
// FILE:
//    benchmarks/bugs/scripts/order_chain_scripts.cpp
//
// DESCRIPTION:
//    ExactChain drives order_chain_<N>.c along its failing schedule: once
//    the checker and the N setters have started, setter 0, 1, ..., N-1 run
//    to their end one after the other, each finding its predecessor's
//    stage, then the checker finds the chain complete and its assertion
//    fails. Main created the checker first and the setters from N-1 down
//    to 0.
//
// USAGE:
//    schedsan-clang -fsanitize-schedule=script -g -O1 -c order_chain_50.c
//    schedsan-clang++ -fsanitize-schedule=script -g -O1 \
//        scripts/order_chain_scripts.cpp order_chain_50.o -o order_chain_50
//    SCHEDSAN_OPTIONS=script=ExactChain ./order_chain_50
//===----------------------------------------------------------------------===//
#include "schedules.h"

using namespace schedsan::script;

extern "C" const int order_chain_setters;

SCHEDSAN_SCRIPT(ExactChain) {
  const int N = order_chain_setters;
  std::vector<Tid> T = StartedThreadsByCreation(N + 1);
  for (int I = 0; I < N; ++I)
    RunThreadUntil(T[N - I], ThreadEnds); // setter I
  RunThreadUntil(T[0], ThreadEnds);       // the checker
}
