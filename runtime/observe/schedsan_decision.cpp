//===- schedsan_decision.cpp - Which memory events are decisions ----------===//
//
// FILE:
//    runtime/observe/schedsan_decision.cpp
//
// DESCRIPTION:
//    See schedsan_decision.h. The set is a bitmap by site id in a mapping
//    reserved once (MAP_NORESERVE: only the pages of the ids present cost
//    anything); the file is read in fixed chunks, no malloc.
//===----------------------------------------------------------------------===//
#include "observe/schedsan_decision.h"
#include "core/schedsan_log.h"
#include "core/schedsan_sites.h"
#include "observe/schedsan_readsfrom.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

namespace schedsan {

namespace {

constexpr uint32_t kMaxSiteIds = 1u << 24; // ids the bitmap holds

uint64_t *Bits;        // bit i: site id i is a decision
uint32_t MaxId;        // the largest id in the set
char LoadedPath[4096]; // the file the set came from
// The ids this run's rf_constraints= added to the set (undone at the next
// run's beginning), and MaxId before them.
uint32_t Added[2 * kMaxRfConstraints];
unsigned NumAdded;
uint32_t FileMaxId;

bool inSet(uint32_t Id) { return Bits[Id >> 6] >> (Id & 63) & 1; }
void addToSet(uint32_t Id) {
  Bits[Id >> 6] |= 1ull << (Id & 63);
  MaxId = Id > MaxId ? Id : MaxId;
}

[[noreturn]] void refuse(const char *Fmt, const char *Detail) {
  char Why[512];
  snprintf(Why, sizeof(Why), Fmt, Detail);
  rawPrintf("==%d==" SCHEDSAN_REPORT_ERROR
            "decision_sites=%s: %s" SCHEDSAN_REPORT_IN_OPTIONS "\n",
            (int)getpid(), flags.decision_sites, Why);
  dieNow(2);
}

// One line of the file (without its newline); Number counts from 1.
void takeLine(const char *Line, size_t Len, unsigned Number) {
  static const char Header[] = SCHEDSAN_SHARED_SITES_HEADER;
  if (Number == 1) {
    if (Len != sizeof(Header) - 1 || memcmp(Line, Header, Len) != 0)
      refuse("not a site set (its first line is not '%s')", Header);
    return;
  }
  if (Len && Line[0] == '#')
    return;
  uint64_t Id = 0;
  size_t I = 0;
  for (; I != Len && Line[I] >= '0' && Line[I] <= '9' && Id < kMaxSiteIds; ++I)
    Id = Id * 10 + (Line[I] - '0');
  if (!Len || I != Len || !Id || Id >= kMaxSiteIds) {
    char Shown[64];
    snprintf(Shown, sizeof(Shown), "line %u ('%.*s') is not a site id", Number,
             (int)(Len < 32 ? Len : 32), Line);
    refuse("%s", Shown);
  }
  addToSet((uint32_t)Id);
}

__attribute__((no_builtin)) void load() {
  if (!Bits) {
    void *M = mmap(nullptr, kMaxSiteIds / 8, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (M == MAP_FAILED)
      refuse("cannot reserve its set: %s", strerror(errno));
    Bits = static_cast<uint64_t *>(M);
  }
  for (uint32_t W = 0; W <= MaxId >> 6; ++W) // another file's set
    Bits[W] = 0;
  MaxId = 0;
  int Fd = open(flags.decision_sites, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    refuse("cannot read it: %s", strerror(errno));
  static char Buf[1 << 16];
  size_t Have = 0;
  unsigned Number = 0;
  for (;;) {
    ssize_t N = read(Fd, Buf + Have, sizeof(Buf) - Have);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0) {
      close(Fd);
      refuse("cannot read it: %s", strerror(errno));
    }
    Have += (size_t)N;
    size_t Start = 0;
    for (size_t I = 0; I != Have; ++I)
      if (Buf[I] == '\n') {
        takeLine(Buf + Start, I - Start, ++Number);
        Start = I + 1;
      }
    if (N == 0) {
      if (Start != Have) // a last line without its newline
        takeLine(Buf + Start, Have - Start, ++Number);
      break;
    }
    if (Start == 0 && Have == sizeof(Buf)) {
      close(Fd);
      refuse("%s", "a line longer than 64 KiB");
    }
    for (size_t I = Start; I != Have; ++I) // the unfinished line first
      Buf[I - Start] = Buf[I];
    Have -= Start;
  }
  close(Fd);
  if (Number == 0)
    refuse("%s", "it is empty (not a site set)");
  snprintf(LoadedPath, sizeof(LoadedPath), "%s", flags.decision_sites);
}

// Whether a constraint of the run names a thread numbered kRfManyThreads
// or more (ReadsFrom.h): the run is of a program that makes many threads.
bool constraintsNameManyThreads(const ReadsFromView &V) {
  for (unsigned C = 0; C != V.numConstraints(); ++C)
    if (rfNamesManyThreads(V.constraint(C)))
      return true;
  return false;
}

} // namespace

void decisionBeginRun() {
  // creation_decisions=-1: no decisions in an rff run with a constraint
  // that names thread 16 or later (a pipeline's threads are all made
  // before any constraint holds one back); schedsan run sets the option on
  // each constrained rff run itself (0 for half of them: RunVariant in
  // common/PortfolioTable.h). The others keep creations as decisions: with
  // few threads a child racing its creator's next steps needs them
  // (benchmarks/RESULTS.md, "The whole suite: the three largest programs too").
  const ReadsFromView &View = rfView();
  creation_decisions =
      flags.creation_decisions >= 0
          ? flags.creation_decisions
          : !(findStrategy(flags.strategy)->is(StrategyId::rff) &&
              constraintsNameManyThreads(View));
  for (unsigned I = 0; I != NumAdded; ++I)
    Bits[Added[I] >> 6] &= ~(1ull << (Added[I] & 63));
  if (NumAdded)
    MaxId = FileMaxId;
  NumAdded = 0;
  decisions_filtered = *flags.decision_sites != 0;
  if (!decisions_filtered)
    return;
  if (strcmp(LoadedPath, flags.decision_sites) != 0)
    load();
  // The sites rf_constraints= names are decisions: rff holds back reads and
  // writes there, which it can do only where the strategy is asked.
  FileMaxId = MaxId;
  for (unsigned C = 0; C != View.numConstraints(); ++C)
    for (unsigned Side = 0; Side != 2; ++Side) {
      const RfConstraint &K = View.constraint(C);
      const uint32_t Id = rfSite(Side ? K.Write : K.Read);
      if (!Id || Id >= kMaxSiteIds || inSet(Id))
        continue;
      addToSet(Id);
      Added[NumAdded++] = Id;
    }
}

bool isDecisionSite(const schedsan_site *S) {
  const uint32_t Id = siteId(S);
  return !Id || (Id <= MaxId && inSet(Id));
}

bool otherPendingTouches(const ThreadState *T, uintptr_t Addr, uintptr_t Size) {
  auto Overlaps = [&](uintptr_t A, uintptr_t N) {
    return A && A < Addr + Size && Addr < A + (N ? N : 1);
  };
  for (unsigned I = 0; I != rt.num_live; ++I) {
    const Event &E = rt.pending[I];
    if (I == T->slot || !E.enabled)
      continue;
    // Only a plain access names every byte its thread may touch before its
    // next event; an atomic may take a lock whose data has no events.
    const bool Plain = E.kind == EventKind::Read ||
                       E.kind == EventKind::Write ||
                       E.kind == EventKind::Update;
    if (!Plain || Overlaps(E.addr, E.size))
      return true;
  }
  return false;
}

bool decisions_filtered = false;
bool creation_decisions = true;
bool guarded_accesses_skipped = false;

namespace {
bool decisionBegins() {
  decisionBeginRun();
  return false; // it filters points (passesWithoutDecision), sees no pick
}
} // namespace

const Observer kDecisionSitesObserver = {
    "decision sites", nullptr, decisionBegins, false,  nullptr,
    nullptr,          nullptr, nullptr,        nullptr};

} // namespace schedsan
