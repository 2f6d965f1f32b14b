//===- schedsan_coverage.h - Event-pair coverage ----------------*- C++ -*-===//
//
// FILE:
//    runtime/observe/schedsan_coverage.h
//
// DESCRIPTION:
//    With coverage_file=FILE a run records the distinct ordered pairs of
//    racing events it executed: the "event pairs" of the PCT paper
//    (Burckhardt et al., ASPLOS 2010, section 5.3.3), events named by
//    where they are in the program.
//
//    Definition. At each scheduling step, when the picked thread performs
//    its pending event e, every other live thread's pending event f that
//    races with e (strategy/Event.h eventsRace, two reads never racing)
//    gives the ordered pair (where e is, where f is): "e went before f".
//    Threads the watchdog released (their next event is not known) take no
//    part. A memory event is where its pass site is: the site's dense id
//    (schedsan_sites.h), stable for one binary. A synchronization or thread
//    event, caught by an interceptor, has no site: it is where the
//    interceptor's caller is, its return address, written as the object
//    file's name and the offset in it (`prog+0x1a2b`, `libfoo.so+0x40`), so
//    that pairs stay the same across runs of one binary whatever its
//    address layout. Events with neither (a thread's start, its end after
//    its function returned) are left out. The events a thread performs
//    under a lease (strategy/Strategy.h) make their pairs too, from the
//    lease's fast path, so the pairs are the same with leases=0.
//
//    Storage: the pairs of a run in an open-addressing table reserved once
//    per process with mmap (no malloc on any hook's path; pages are touched
//    only as pairs come); a fork server's runs inherit the pairs recorded
//    before main, as a run exec'd with the same options records them.
//    File (written at the run's end: exit, report or script timeout):
//      # schedsan coverage v1
//      <where e> <where f>          one pair a line, in the order first seen
//    Nothing is done, and no memory is reserved, without the option.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_COVERAGE_H
#define SCHEDSAN_COVERAGE_H

#include "core/schedsan_observer.h"
#include "core/schedsan_rt.h"

namespace schedsan {

// Turns coverage on from coverage_file=; with it, reserves the table and
// notes the loaded objects (once a process), and checks that the file can
// be written (it is emptied), or stops the program with exit status 2
// naming it. A fork server's run does not check again the file its server
// checked (`schedsan run` removes it before each run).
extern const Observer kCoverageObserver;

void coverageBeginRun();

// Next performs its pending event (the strategy picked it, or it holds a
// lease): records its pairs. Only with coverage_file=.
void coverageNotePick(const ThreadState *Next);

// The run ends: writes the pairs to coverage_file (once a run).
void coverageEndRun();

} // namespace schedsan

#endif // SCHEDSAN_COVERAGE_H
