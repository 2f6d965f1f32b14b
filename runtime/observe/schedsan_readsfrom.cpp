//===- schedsan_readsfrom.cpp - Reads-from pairs of a run -----------------===//
//
// FILE:
//    runtime/observe/schedsan_readsfrom.cpp
//
// DESCRIPTION:
//    See schedsan_readsfrom.h. Two KeyMaps: Writes, granule -> the last
//    write to it (its thread << 32 | its key), and Pairs, (W << 32 | R) ->
//    nothing (W, R: keys), the distinct pairs in first-seen order. The
//    constraints are parsed once a run into a fixed array; each read looks its
//    site up in them (there are few).
//===----------------------------------------------------------------------===//
#include "observe/schedsan_readsfrom.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_keymap.h"
#include "core/schedsan_log.h"
#include "core/schedsan_runfile.h"
#include "core/schedsan_sites.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

namespace schedsan {

namespace {

constexpr uint32_t kMaxGranules = 1u << 24; // 16 MiB of data tracked
constexpr uint32_t kMaxPairs = 1u << 18;

KeyMap Writes, Pairs;
RfConstraint Constraints[kMaxRfConstraints];
RfHeld Held[kMaxRfConstraints];
unsigned NumConstraints;
RunFile File("rf_file");

class View final : public ReadsFromView {
public:
  unsigned numConstraints() const override { return NumConstraints; }
  const RfConstraint &constraint(unsigned I) const override {
    return Constraints[I];
  }
  RfHeld held(unsigned I) const override { return Held[I]; }
  uint32_t lastWrite(uintptr_t G) const override {
    const uint64_t *V = Writes.find(G);
    return V ? (uint32_t)*V : 0;
  }
};
View TheView;

// The read with key Key of granules R by thread T. Granules side by side
// usually share their last write: each new one is looked at once.
void noteRead(Tid T, const GranuleRange &R, uint32_t Key) {
  uint64_t Last = ~0ull;
  for (uintptr_t G = R.First; G <= R.Last; ++G) {
    const uint64_t *V = Writes.find(G);
    const uint64_t Value = V ? *V : (uint64_t)kNoTid << 32;
    if (Value == Last)
      continue;
    Last = Value;
    const uint32_t W = (uint32_t)Value;
    if ((Tid)(Value >> 32) != T)
      Pairs.insert((uint64_t)W << 32 | Key, 0);
    for (unsigned I = 0; I != NumConstraints; ++I)
      if (Constraints[I].constrains(Key) && Held[I] != RfHeld::Broken)
        Held[I] = Constraints[I].obeyedBy(W) ? RfHeld::Held : RfHeld::Broken;
  }
}

void noteWrite(Tid T, uintptr_t G, uint32_t Key) {
  const uint64_t Value = (uint64_t)T << 32 | Key;
  if (uint64_t *V = Writes.insert(G, Value))
    *V = Value;
}

// One comment line per site the pairs name, first named first: "# site
// <id> <file>:<line>:<column> in <function>" (for people and tests).
void nameSites(RawWriter &Out) {
  static KeyMap Named;
  if (!Named.reserve(kMaxPairs))
    return;
  Named.clear();
  for (uint32_t P = 0; P != 2 * Pairs.size(); ++P) {
    const uint64_t Key = Pairs[P / 2].Key;
    const uint32_t Id = rfSite(P % 2 ? (uint32_t)Key : (uint32_t)(Key >> 32));
    const uint32_t Before = Named.size();
    const schedsan_site *S = siteById(Id);
    if (S && Named.insert(Id, 0) && Named.size() != Before)
      Out.put("# site %u %.400s:%u:%u in %.200s\n", Id, S->file, S->line,
              S->column, S->function);
  }
}

} // namespace

namespace {
// Whether the run records reads-from pairs at all: rf_file= or a constraint.
bool rfAsked() { return *flags.rf_file || NumConstraints; }
} // namespace

void rfBeginRun() {
  rf_on = false;
  char Bad[2];
  int N = parseRfConstraints(flags.rf_constraints, Constraints,
                             kMaxRfConstraints, Bad, sizeof(Bad));
  NumConstraints = N > 0 ? N : 0; // checked with the options
  for (unsigned I = 0; I != NumConstraints; ++I)
    Held[I] = RfHeld::NotRead;
  if (!rfAsked())
    return;
  if (!Writes.reserve(kMaxGranules) || !Pairs.reserve(kMaxPairs))
    File.cannotWrite(flags.rf_file, strerror(errno));
  Writes.clear();
  Pairs.clear();
  if (*flags.rf_file)
    File.beginRun(flags.rf_file);
}

void rfMainStarts() { rf_on = Writes.reserved() && rfAsked(); }

void rfNote(Tid T, EventKind K, uintptr_t Addr, uintptr_t Size, uintptr_t Addr2,
            uint32_t Site) {
  if (!isMemoryKind(K))
    return;
  const uint32_t Key = rfKey(T, Site);
  noteRead(T, readRange(K, Addr, Addr2, Size), Key);
  const GranuleRange W = writeRange(K, Addr, Size);
  for (uintptr_t G = W.First; G <= W.Last; ++G)
    noteWrite(T, G, Key);
}

const ReadsFromView &rfView() { return TheView; }

void rfEndRun() {
  if (!*flags.rf_file || !File.endRun())
    return;
  const int Fd = RunFile::open(flags.rf_file);
  static char Buf[1 << 16];
  RawWriter Out(Fd, Buf, sizeof(Buf), 1024);
  if (Fd >= 0) {
    Out.put(SCHEDSAN_RF_HEADER "\n" SCHEDSAN_RF_NOTE "\n");
    for (uint32_t P = 0; P != Pairs.size(); ++P) {
      char W[24], R[24];
      formatRfKey(W, sizeof(W), (uint32_t)(Pairs[P].Key >> 32));
      formatRfKey(R, sizeof(R), (uint32_t)Pairs[P].Key);
      Out.put("%s %s\n", W, R);
    }
    if (Pairs.dropped())
      Out.put("# dropped %u pairs past the first %u\n", Pairs.dropped(),
              kMaxPairs);
    if (Writes.dropped())
      Out.put("# untracked: granules past the first %u\n", kMaxGranules);
    for (unsigned I = 0; I != NumConstraints; ++I)
      Out.put(SCHEDSAN_RF_HELD "%u %d\n", I, Held[I] == RfHeld::Held);
    nameSites(Out);
    Out.flush();
  }
  File.finish(flags.rf_file, Fd, Out);
}

bool rf_on = false;

namespace {
void rfPrepare(StrategyOptions &O) {
  rfBeginRun(); // before the strategy reads the constraints
  O.reads_from = &rfView();
}
bool rfObserves() { return rfAsked(); }
void rfPicked(ThreadState *, ThreadState *Next) {
  if (__builtin_expect(!rf_on, 1))
    return;
  const Event &E = rt.pending[Next->slot];
  rfNote(Next->tid, E.kind, E.addr, E.size, E.addr2, E.site);
}
} // namespace

const Observer kReadsFromObserver = {"reads-from", rfPrepare, rfObserves,
                                     false,        rfPicked,  nullptr,
                                     rfEndRun,     nullptr,   nullptr};

} // namespace schedsan
