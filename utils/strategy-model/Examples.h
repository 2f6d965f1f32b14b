//===- Examples.h - The papers' example programs as models ---------------===//
//
// FILE:
//    utils/strategy-model/Examples.h
//
// DESCRIPTION:
//    The programs of the fidelity tables and of the strategy unit tests:
//    - posRunningExample(): POS paper §2, Fig. 2 (threads A = tid 0 and
//      B = tid 1, events A1-A4 and B1-B6 over x, y, z and w; B4 waits for
//      A3's signal) and posBugOrder(), the failing total order
//      B1 A1 B2 B3 A2 A3 B4 B5 B6 A4 as tids;
//    - pctFigure5(m, n): PCT paper §2.4, Fig. 5 (Thread 1 = tid 0 asserts
//      b != 0, takes m private steps, sets a = 0; Thread 2 = tid 1 asserts
//      a != 0, takes n steps, sets b = 0; a = b = 1 initially);
//    - microProgram(): POS paper §6.1, 4 threads x 4 events over 4 objects
//      with the given per-object event counts, randomly placed, and with
//      ReadFraction of the events (chosen at random) read-only.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_SIM_EXAMPLES_H
#define SCHEDSAN_SIM_EXAMPLES_H

#include "Model.h"

namespace schedsan {
namespace sim {

Program posRunningExample();
std::vector<uint8_t> posBugOrder();

Program pctFigure5(unsigned M, unsigned N);

// Counts: events per object (sum = Threads * Events). Reads: how many of
// the events are read-only. Seed fixes the draw.
Program microProgram(const std::vector<unsigned> &Counts, unsigned Threads,
                     unsigned Events, unsigned Reads, uint64_t Seed,
                     const std::string &Name);

} // namespace sim
} // namespace schedsan

#endif // SCHEDSAN_SIM_EXAMPLES_H
