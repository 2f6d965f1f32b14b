//===- schedsan_events.h - The executed-event log ---------------*- C++ -*-===//
//
// FILE:
//    runtime/observe/schedsan_events.h
//
// DESCRIPTION:
//    With events=FILE the run writes every event the scheduler lets a
//    thread perform, for `schedsan replay --timeline` to draw. A trace
//    (schedsan_trace.h) holds only the decisions; this log holds what
//    happened at each decided point. Nothing is written, and nothing is
//    done, without the option; the hooks' fast path never comes here.
//    Text, one record a line, fields separated by tabs (file names and
//    function names may hold spaces):
//      # schedsan events v1
//      T <tid> <parent tid or ->                  first seen
//      E <step> <tid> <kind> <how> <where> <after> performs its event
//      B <step> <tid> <what it waits for>          blocked (or what changed)
//      U <step> <tid>                              no longer blocked
//      X <step> <how> <code> <current tid or -> <kind> <where>   the end
//    <how> of an E record: `s` a context switch, `p` a switch that
//    preempted an enabled thread, `y` a yield or poll, `-` none; <where>
//    is the event's site (`file:line:col in function`), or the symbol of
//    the interceptor's caller, or `-`; <after> the thread's last
//    instrumented site before this point, or `-` (none, or <where>). The X
//    record's <how> is `exit` (the program exited with <code>) or `die` (the
//    runtime ended it with <code> after a report: <current tid> is the thread
//    that was running, and its last E record is the failing event). Records go
//    through a fixed buffer with write(2): no malloc, no stdio.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_EVENTS_H
#define SCHEDSAN_EVENTS_H

#include "core/schedsan_observer.h"
#include "core/schedsan_rt.h"

namespace schedsan {

// Next was picked to perform its pending event; From reached the point
// (null when it finished or was released). Only with events=.
extern const Observer kEventsObserver;

void eventsRecordPick(const ThreadState *From, const ThreadState *Next);

// The program exits with Status: the last record, then the buffer is
// written out. Only with events=.
void eventsEndExit(int Status);

} // namespace schedsan

#endif // SCHEDSAN_EVENTS_H
