//===- schedsan_trace.h - Schedule recording and replay ---------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_trace.h
//
// DESCRIPTION:
//    A run's schedule is the sequence of its decisions: at each point where
//    the strategy chose among several enabled threads a thread other than
//    the one that reached the point, that thread (where the trace records no
//    pick, the running thread went on, so traces grow with context switches,
//    not with steps); at each non-thread choice (which waiter a signal
//    wakes), the value. Both carry the step number, so a replay can tell
//    exactly where a program diverges.
//    Text format, one decision a line after the header (# lines):
//      # schedsan schedule trace v1
//      # strategy=pct seed=7 threads=3 steps=120 replayable=1 time=virtual
//      # options=strategy=pct:seed=7:k=57
//      # program=/path/to/the/executable
//      p <step> <tid>
//      c <step> <value> <of n>
//    Numbers are unsigned decimal. A trace of more than 100,000 decisions
//    keeps the first ones and says where it stops (` cut_at_step=<step>` on
//    the second line); its replay goes on with the seeded strategy there.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_TRACE_H
#define SCHEDSAN_TRACE_H

#include "strategy/Strategy.h"

namespace schedsan {

void traceRecordPick(uint64_t Step, Tid T);
void traceRecordChoice(uint64_t Step, uint32_t Value, uint32_t N);

// With replay=: the run so far followed the replayed file exactly (so that
// file is this run's schedule too).
bool replayFollowedExactly();

// At the end of a replayed run: decisions left unused, or a header that
// does not match the run, are reported as a divergence.
void replayCheckEnd();

// Writes the recorded schedule to Path (never through a symlink; with
// Exclusive, never over an existing file); false (with errno) on failure.
bool traceWrite(const char *Path, bool Exclusive);

// With replay=<file>: a strategy that follows the file and then Inner.
// Exits with an error naming the file when it cannot be read or parsed.
Strategy *makeReplayStrategy(const char *Path, Strategy *Inner);

} // namespace schedsan

#endif // SCHEDSAN_TRACE_H
