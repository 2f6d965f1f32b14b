//===- schedsan_script.h - A test script controls the run -------*- C++ -*-===//
//
// FILE:
//    runtime/script/schedsan_script.h
//
// DESCRIPTION:
//    Test scripts (Concurrit, PLDI 2013, §3-4; <schedsan/script.h>). With
//    script=NAME the script SCHEDSAN_SCRIPT(NAME) runs on a thread of its
//    own, which the runtime does not schedule, and decides which thread
//    goes next until it returns: every thread blocks before each event;
//    only threads the script released run, each until its next event. The
//    script and the run take turns (one futex handoff each way), so the
//    script reads the run's state while every controlled thread waits.
//
//    Among released threads that can go on, a seeded random choice picks
//    (recorded in the trace like any pick, so the run replays exactly);
//    after the script returns the run goes on under the run's strategy
//    (random: a fair random schedule). A select that cannot be satisfied
//    (no released thread can go on, every thread it waits for has ended,
//    or more than script_timeout points pass) ends the run as a script
//    timeout: neither a bug nor a pass.
//
//    While only one thread lives its memory accesses are no scheduling
//    points (nothing is decided there), so a script does not see them.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_SCRIPT_H
#define SCHEDSAN_SCRIPT_H

#include "core/schedsan_controller.h"
#include "core/schedsan_observer.h"
#include "core/schedsan_rt.h"

namespace schedsan {

// The script as an observer of the run: when the run begins, a script
// controls it (rt.controller) if script= names one (checked at the first
// point: scripts register in static constructors); at the program's exit,
// the line of a script that still waits.
extern const Observer kScriptObserver;

void scriptBeginRun();

// What the script decides at a scheduling point.
using ScriptPick = ControlPick;

// At a scheduling point while the script controls the run (From: the
// thread that reached it, null if none).
ScriptPick scriptPick(ThreadState *From);

// The next thread (Next) performs its pending event: keeps the function
// stacks of scripts' InFunc.
void scriptNotePicked(ThreadState *Next);

// The line by which the runner counts a run as a script timeout (when a
// select cannot be satisfied, and when the program ends while one waits).
void printScriptTimeout(const char *What);

// At the run's end: what the script still waits in ("select",
// "WaitForThread", ...), null if it returned or never ran.
const char *scriptWaiting();

// For a report: "test script NAME (where it is) made the choices ...".
void scriptDescribeRun(char *Buf, size_t Size);

} // namespace schedsan

#endif // SCHEDSAN_SCRIPT_H
