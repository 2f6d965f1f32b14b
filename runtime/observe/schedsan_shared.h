//===- schedsan_shared.h - Sites that touch shared memory -------*- C++ -*-===//
//
// FILE:
//    runtime/observe/schedsan_shared.h
//
// DESCRIPTION:
//    With shared_sites_file=FILE a run records the sites of its memory
//    events that touched an address another thread also touched, at least
//    one of the two accesses a write, the two not ordered by thread creation
//    or join; `schedsan run --decision-sites=shared` makes these the only
//    memory events at which later runs decide (schedsan_decision.h).
//
//    The check. A shadow cell per 4-byte granule keeps the last access
//    (thread, its clock, site, the bytes it touched) and the last write. An
//    access by thread u conflicts with a cell's last write when another
//    thread made it to some of the same bytes and it is not ordered before
//    u's access; a write also with the last access. Both sites of a conflict
//    are shared. Order is fork/join only: each thread has a vector clock;
//    creating a thread gives the child the parent's clock and moves the
//    parent's own entry on; a join takes the joined thread's clock into the
//    joiner's. These edges hold in every schedule, so an access they order
//    before another (main's set-up of a worker's argument, a worker's result
//    read after its join) can never be reordered with it and needs no decision.
//
//    Precision. Missed (a site not written that another run might share):
//    a read site whose read was not the cell's last access when another
//    thread wrote (T1 and T2 read x at two sites, T3 writes: only T2's site
//    is seen), and likewise a write that another thread's write to other
//    bytes of its granule (two chars of one int) replaced as the last one;
//    cells evicted from a full shadow (kMaxCells granules; past 16 probes the
//    granule's home cell is replaced); memory ranges (memcpy, memset) beyond
//    their first kMaxRangeGranules granules; accesses the runtime makes for
//    itself or by threads it does not control; and of course sharing this run's
//    schedule and inputs did not reach. Extra (a site written that needs no
//    decision): two accesses ordered by anything but creation and join (a lock,
//    a condition variable, a barrier, an atomic flag) still conflict; threads
//    with tid >= kClockThreads have no clock, so nothing orders their accesses.
//
//    Every memory event counts: the lone thread's, those under a lease or
//    at a site that is no decision, and atomics; fences and function or
//    call events (scripts) do not.
//
//    Storage: the shadow, the clocks and the set of shared sites (a bitmap
//    by site id) in mappings reserved once per process (MAP_NORESERVE: a
//    page costs something only once touched); no malloc on any hook's path.
//    A fork server's runs inherit what was recorded before main, as a run
//    exec'd with the same options records it.
//    File (written at the run's end: exit, report or script timeout):
//      # schedsan shared sites v1
//      <site id>                    one a line, in increasing order
//    With verbosity>=1 the run also prints how many of the binary's sites
//    it wrote; with verbosity>=2, each of them (id, file:line:col, function).
//    Nothing is done, and no memory is reserved, without the option.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_SHARED_H
#define SCHEDSAN_SHARED_H

#include "core/schedsan_observer.h"
#include "core/schedsan_rt.h"

namespace schedsan {

// Sets shared_checking from shared_sites_file=; with it, reserves the
// tables (once a process) and checks that the file can be written (it is
// emptied), or stops the program with exit status 2 naming it.
// Whether this run checks which sites threads share (shared_sites_file=).
extern bool shared_checking;
extern const Observer kSharedSitesObserver;

void sharedBeginRun();

// T performs a memory event of kind K (Addr2: a transfer's source).
void sharedNoteAccessSlow(const ThreadState *T, EventKind K, uintptr_t Addr,
                          uintptr_t Size, uintptr_t Addr2, bool IsWrite,
                          const schedsan_site *Site);
__attribute__((always_inline)) inline void
sharedNoteAccess(const ThreadState *T, EventKind K, uintptr_t Addr,
                 uintptr_t Size, uintptr_t Addr2, bool IsWrite,
                 const schedsan_site *Site) {
  if (__builtin_expect(shared_checking, 0))
    sharedNoteAccessSlow(T, K, Addr, Size, Addr2, IsWrite, Site);
}

// Parent created Child (registered, not yet run); T joined Joined.
void sharedNoteCreate(const ThreadState *Parent, const ThreadState *Child);
void sharedNoteJoin(const ThreadState *T, const ThreadState *Joined);

// The run ends: writes the shared sites to shared_sites_file (once a run).
void sharedEndRun();

} // namespace schedsan

#endif // SCHEDSAN_SHARED_H
