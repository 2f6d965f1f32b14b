//===- schedsan_report.h - Bug reports -------------------------*- C++ -*-===//
//
// FILE:
//    runtime/schedsan_report.h
//
// DESCRIPTION:
//    Reports in the sanitizer shape:
//      ==PID==ERROR: ScheduleSanitizer: <kind> (pid=PID)
//      <each thread's state and location>
//      SUMMARY: ScheduleSanitizer: <kind> <location>
//      ==PID==Schedule trace: <file>
//      ==PID==Replay: SCHEDSAN_OPTIONS=... <command>
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_REPORT_H
#define SCHEDSAN_REPORT_H

#include "strategy/Event.h"

namespace schedsan {

struct ThreadState;

enum class BugKind { Abort, Assertion, Signal, Deadlock, Livelock };

// printf to the log (stderr or log_path); usable before initialization and
// from signal handlers (formats into a stack buffer, one write()).
void rawPrintf(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));

// Reports a bug found in this run and exits with flags.exitcode. Detail is
// the kind's own line (assertion text, signal name), may be null.
[[noreturn]] void reportBug(BugKind Kind, const char *Detail);

// A run that exits with a non-zero status found a failure the program saw
// itself, and one with a sanitizer finding in recover mode a failure the
// sanitizer saw: prints its schedule trace and replay command (no report).
// Nothing for a clean run.
void reportFailedExit(int Status);

// The calling thread gets (or gives back) an alternate signal stack, so a
// stack overflow is reported; a thread that has one of its own keeps it.
void armSignalStack();
void disarmSignalStack();
// Keeps one stack ready for the next thread (at start: a fork server's runs
// inherit it).
void reserveSignalStack();

// "file:line:col in function" of a thread's pending event.
void describeLocation(const ThreadState *T, char *Buf, unsigned Size);

// Ends the process now with Code, bypassing exit handlers and the _exit
// interceptor (no finalize).
[[noreturn]] void dieNow(int Code);

// The program's command line, shell-quoted (read at initialization).
void initCommandLine();
const char *commandLine();

} // namespace schedsan

#endif // SCHEDSAN_REPORT_H
