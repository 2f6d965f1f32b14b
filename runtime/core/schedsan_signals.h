//===- schedsan_signals.h - Fatal signals, alternate stacks -----*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_signals.h
//
// DESCRIPTION:
//    Fatal signals become bug reports (schedsan_report.h), handled on an
//    alternate signal stack per thread.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_SIGNALS_H
#define SCHEDSAN_SIGNALS_H

namespace schedsan {

// Installs the fatal-signal handlers (for signals the program and other
// sanitizers leave at SIG_DFL) and a linked sanitizer's death callback.
void initSignals();

// The calling thread gets (or gives back) an alternate signal stack, so a
// stack overflow is reported; a thread that has one of its own keeps it.
void armSignalStack();
void disarmSignalStack();
// Keeps one stack ready for the next thread (at start: a fork server's runs
// inherit it).
void reserveSignalStack();

} // namespace schedsan

#endif // SCHEDSAN_SIGNALS_H
