//===- ReadsFrom.h - Reads-from pairs and their constraints -----*- C++ -*-===//
//
// FILE:
//    common/ReadsFrom.h
//
// DESCRIPTION:
//    What the learning strategy rff (RffStrategy.cpp) and the runtime's
//    reads-from recorder (runtime/observe/schedsan_readsfrom.h) share, free of
//    OS calls so that both see one definition:
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
//    - Event keys: a read or a write is named by its site and the thread
//      that performed it (rfKey), written `S@T` (site id S, thread number
//      T: 0 for main, then in creation order, as in reports); key 0 is the
//      initial value (no write of the run). Several threads running one
//      function are told apart: in a chain of setters, "setter 3 read what
//      setter 2 wrote" is a pair of its own, which a site alone cannot say.
//      A key with no thread (`S`) is a pattern that matches site S in any
//      thread.
//    - Constraints, as rf_constraints= gives them: `R<W` (the read R reads
//      from the write W; W = 0: from no write of the run, the initial
//      value) and `R!W` (it does not), comma-separated, R and W keys or
//      patterns.
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

// Keys pack a site id (below 2^kRfSiteBits - 1; a larger one becomes
// 2^kRfSiteBits - 1) and thread number + 1 (0: any thread) in 32 bits;
// threads numbered past kRfMaxThread share its number (so two of them look
// like one thread, and their pairs with each other are left out).
constexpr unsigned kRfSiteBits = 24;
constexpr uint32_t kRfSiteMask = (1u << kRfSiteBits) - 1;
constexpr Tid kRfMaxThread = 254;

// The key of an event of thread T at Site (0 for site 0, unknown).
inline uint32_t rfKey(Tid T, uint32_t Site) {
  if (!Site)
    return 0;
  const uint32_t Thread = (T < kRfMaxThread ? T : kRfMaxThread) + 1;
  return (Site < kRfSiteMask ? Site : kRfSiteMask) | Thread << kRfSiteBits;
}
inline uint32_t rfSite(uint32_t Key) { return Key & kRfSiteMask; }
// A key's thread part: its thread number + 1, 0 for a pattern or key 0.
inline uint32_t rfThreadPart(uint32_t Key) { return Key >> kRfSiteBits; }
// The key of the event at Key's site in the thread whose part is Part.
inline uint32_t rfInThread(uint32_t Key, uint32_t Part) {
  return rfSite(Key) | Part << kRfSiteBits;
}
// Whether key Key is Pattern, or has its site when Pattern names no thread.
inline bool rfKeyMatches(uint32_t Pattern, uint32_t Key) {
  return Pattern == Key ||
         (Pattern && !rfThreadPart(Pattern) && Pattern == rfSite(Key));
}

// Reads a key or pattern at P (`S@T`, `S`; decimal S < 2^kRfSiteBits,
// T <= kRfMaxThread, no thread for S = 0); advances P past it.
bool parseRfKey(const char *&P, uint32_t &Key);
// Writes Key as parseRfKey reads it, snprintf-style (at most Size bytes
// with the NUL; returns the length it wanted).
size_t formatRfKey(char *Buf, size_t Size, uint32_t Key);

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
  uint32_t Read = 0;  // key or pattern of the read
  uint32_t Write = 0; // key or pattern of the write (0: the initial value)
  bool Not = false;   // R!W rather than R<W
  // Whether the constraint is about a read whose key is Key.
  bool constrains(uint32_t Key) const { return rfKeyMatches(Read, Key); }
  // Whether such a read whose granule was last written by the event with
  // key Written (0: not written in this run) obeys the constraint.
  bool obeyedBy(uint32_t Written) const {
    return rfKeyMatches(Write, Written) != Not;
  }
};

// Whether K names a thread numbered kRfManyThreads or more (its read's or
// its write's key): the run is of a program that makes many threads, where
// rff makes thread creations no decisions (creation_decisions=).
constexpr uint32_t kRfManyThreads = 16;
inline bool rfNamesManyThreads(const RfConstraint &K) {
  // A key's thread part is its thread number + 1 (0: any thread).
  return rfThreadPart(K.Read) > kRfManyThreads ||
         rfThreadPart(K.Write) > kRfManyThreads;
}

// rff's rule for a run with the constraints C[0, N) (the runner's
// creation_decisions=): thread creations are decisions unless the run has
// constraints and its run variant says so (RunVariant's
// creations_no_decision_if_constrained: an odd run, PortfolioTable.h) or
// one of them names a thread of many (a pipeline's threads are all made
// before any constraint holds one back).
inline bool rffCreationDecisions(bool NoDecisionIfConstrained,
                                 const RfConstraint *C, unsigned N) {
  if (!N)
    return true;
  if (NoDecisionIfConstrained)
    return false;
  for (unsigned I = 0; I != N; ++I)
    if (rfNamesManyThreads(C[I]))
      return false;
  return true;
}

// Parses an rf_constraints= value into Out[0, Max): returns how many, or -1
// with the bad entry in Bad[0, BadSize) (NUL-terminated): not `R<W` or `R!W`
// with two keys or patterns (parseRfKey), R not 0, or past Max entries. ""
// is no constraint.
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
  // The key of the last write to granule G in this run (0: none).
  virtual uint32_t lastWrite(uintptr_t G) const = 0;

protected:
  ~ReadsFromView() = default;
};

} // namespace schedsan

#endif // SCHEDSAN_STRATEGY_READSFROM_H
