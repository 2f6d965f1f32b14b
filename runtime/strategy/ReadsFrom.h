//===- ReadsFrom.h - Reads-from pairs and their constraints -----*- C++ -*-===//
//
// FILE:
//    runtime/strategy/ReadsFrom.h
//
// DESCRIPTION:
//    What the learning strategy rff (RffStrategy.cpp) and the runtime's
//    reads-from recorder (runtime/schedsan_readsfrom.h) share, free of OS
//    calls so that both see one definition:
//
//    - Which events read and which write, and where (eventReadRange,
//      eventWriteRange): a load, an atomic load, the read of a compound
//      update, an atomic read-modify-write or a compare-exchange reads its
//      address; a store, an update, an RMW, a compare-exchange (whether or
//      not it succeeds: the event comes before the operation) and a memset
//      write theirs; a memcpy reads its source and writes its destination.
//    - Addresses byte by byte (granules of 1 << kRfGranuleShift bytes):
//      two variables side by side never look like one. An access touches
//      the granules of its first kRfMaxRangeBytes bytes (the rest of a
//      larger range, a memset or memcpy, is not tracked).
//    - Constraints, as rf_constraints= gives them: `R<W` (the read at site R
//      reads from the write at site W; W = 0: from no write of the run, the
//      initial value) and `R!W` (it does not), comma-separated, decimal
//      site ids.
//    - ReadsFromView: the run's last writes and each constraint's record so
//      far, which the runtime keeps and the strategy reads.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_STRATEGY_READSFROM_H
#define SCHEDSAN_STRATEGY_READSFROM_H

#include "Event.h"

namespace schedsan {

constexpr unsigned kRfGranuleShift = 0;      // byte granules
constexpr uintptr_t kRfMaxRangeBytes = 1024; // tracked of one access
constexpr unsigned kMaxRfConstraints = 256;  // per run

// The granules [First, Last] of an access; Last < First: none.
struct GranuleRange {
  uintptr_t First = 1, Last = 0;
  bool empty() const { return Last < First; }
  bool overlaps(const GranuleRange &O) const {
    return !empty() && !O.empty() && First <= O.Last && O.First <= Last;
  }
};

// The granules an access of Size bytes at Addr touches (none for a null
// address).
GranuleRange granules(uintptr_t Addr, uintptr_t Size);

// What a memory event of kind K at Addr (Addr2: a memcpy's source) of Size
// bytes reads, and what it writes.
GranuleRange readRange(EventKind K, uintptr_t Addr, uintptr_t Addr2,
                       uintptr_t Size);
GranuleRange writeRange(EventKind K, uintptr_t Addr, uintptr_t Size);

inline GranuleRange readRange(const Event &E) {
  return readRange(E.kind, E.addr, E.addr2, E.size);
}
inline GranuleRange writeRange(const Event &E) {
  return writeRange(E.kind, E.addr, E.size);
}

struct RfConstraint {
  uint32_t Read = 0;  // site of the read
  uint32_t Write = 0; // site of the write (0: the initial value)
  bool Not = false;   // R!W rather than R<W
  // Whether a read at Read whose granule was last written at site Written
  // (0: not written in this run) obeys the constraint.
  bool obeyedBy(uint32_t Written) const { return (Written == Write) != Not; }
};

// Parses an rf_constraints= value into Out[0, Max): returns how many, or -1
// with the bad entry in Bad[0, BadSize) (NUL-terminated): not `R<W` or `R!W`
// with two decimal site ids, R not 0, or past Max entries. "" is no
// constraint.
int parseRfConstraints(const char *Text, RfConstraint *Out, unsigned Max,
                       char *Bad, size_t BadSize);

// A constraint's record in a run: whether the reads at its site obeyed it.
enum class RfHeld : uint8_t {
  NotRead, // no read at its site yet
  Held,    // every read at its site so far obeyed it
  Broken,  // one did not
};

// The run's reads-from state, as the runtime records it (every memory event
// of the run's controlled threads since main began, those under a lease and
// those while one thread ran included).
class ReadsFromView {
public:
  virtual unsigned numConstraints() const = 0;
  virtual const RfConstraint &constraint(unsigned I) const = 0;
  virtual RfHeld held(unsigned I) const = 0;
  // The site of the last write to granule G in this run (0: none).
  virtual uint32_t lastWrite(uintptr_t G) const = 0;

protected:
  ~ReadsFromView() = default;
};

} // namespace schedsan

#endif // SCHEDSAN_STRATEGY_READSFROM_H
