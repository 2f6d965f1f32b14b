//===- schedsan_readsfrom.h - Reads-from pairs of a run ---------*- C++ -*-===//
//
// FILE:
//    runtime/observe/schedsan_readsfrom.h
//
// DESCRIPTION:
//    With rf_file=FILE a run records the distinct reads-from pairs it
//    executed; with rf_constraints=LIST it also records, per constraint,
//    whether its reads obeyed it (and the strategy rff enforces them:
//    strategy/RffStrategy.cpp). The events, granules and constraints are
//    those of strategy/ReadsFrom.h.
//
//    Definition. Each read of a controlled thread (ReadsFrom.h says which
//    events read) reads, in each granule it touches, from the last write
//    performed to that granule before it in the run: the pair (W, R) names
//    the write W (0 when the run wrote no such granule before: the initial
//    value; also a write at an unknown site) and the read R by their keys,
//    site and thread (strategy/ReadsFrom.h; dense site ids,
//    schedsan_sites.h). Pairs whose write and read come
//    from the same thread are left out (program order, not interleaving).
//    Recording starts when main does: the accesses of static initializers
//    count for neither side (a fork server's runs begin there too). The
//    events a thread performs under a lease, or while it is the only
//    thread, count too; those of a thread the watchdog released (running
//    beside the others) do not.
//
//    A constraint held in a run when the run made its read (a read whose
//    key it matches) at least once and every such read, in every granule,
//    obeyed it (R<W: the last write was W; R!W: it was not).
//
//    Storage: the pairs and the last write of each granule (at most 2^24
//    granules, 16 MiB of data; later ones are not tracked) in KeyMaps
//    reserved once per process with mmap (no malloc on any hook's path).
//    File (written at the run's end: exit, report or script timeout):
//      # schedsan reads-from v2 (...)     SCHEDSAN_RF_HEADER, then a note
//      <W> <R>                            one pair a line, first seen first
//                                         (keys: S@T, or 0)
//      # held <i> <0|1>                   per constraint i, in given order
//      # site <id> <file>:<line>:<col> in <function>   per site named above
//    Nothing is recorded, and no memory is reserved, without either option.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_READSFROM_H
#define SCHEDSAN_READSFROM_H

#include "ReadsFrom.h"
#include "core/schedsan_observer.h"
#include "core/schedsan_rt.h"

namespace schedsan {

// Checks rf_constraints= (exit 2 naming a bad entry) and, with rf_file=,
// that the file can be written (it is emptied; a fork server's run does not
// check again the file its server checked); reserves the tables and clears
// them. Recording waits for rfMainStarts.
// Whether this run records its reads-from pairs (since main started).
extern bool rf_on;
extern const Observer kReadsFromObserver;

void rfBeginRun();

// main is about to run: recording starts (rf_on) if an option asks for it.
void rfMainStarts();

// Thread Tid performs a memory event (other kinds are ignored) at Site (a
// dense id). Only with rf_on.
void rfNote(Tid T, EventKind K, uintptr_t Addr, uintptr_t Size, uintptr_t Addr2,
            uint32_t Site);

// The run's state for the strategy (valid whatever the options).
const ReadsFromView &rfView();

// The run ends: writes rf_file (once a run).
void rfEndRun();

} // namespace schedsan

#endif // SCHEDSAN_READSFROM_H
