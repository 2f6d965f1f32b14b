//===- schedsan_shared.cpp - Sites that touch shared memory ---------------===//
//
// FILE:
//    runtime/observe/schedsan_shared.cpp
//
// DESCRIPTION:
//    See schedsan_shared.h. The shadow is an open-addressing table of
//    cells keyed by granule (address / 8), probed linearly from a hash;
//    the clocks are a square of 32-bit entries, row t being thread t's
//    vector clock; the shared sites a bitmap by site id. All three live in
//    one mapping reserved at the first run that asks. Their entries are
//    written one by one, never through memset or memcpy: a ThreadSanitizer
//    in the program intercepts those, and the run's threads write the
//    tables in turn (a hand-over it cannot see).
//===----------------------------------------------------------------------===//
#include "observe/schedsan_shared.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_log.h"
#include "core/schedsan_runfile.h"
#include "core/schedsan_sites.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

namespace schedsan {

namespace {

// One access: its site, its thread (tid + 1; 0: none), that thread's own
// clock entry when it made it, and the bytes of the granule it touched.
struct Access {
  const schedsan_site *Site;
  uint32_t Tid1;
  uint32_t Clock;
  uint8_t Mask;
};

struct Cell {
  uintptr_t Granule; // address / kGranule (0: the cell is empty)
  Access Last, Write;
};

constexpr unsigned kGranuleShift = 2; // an int a cell: adjacent ints apart
constexpr uintptr_t kGranule = 1u << kGranuleShift;
constexpr unsigned kAllBytes = (1u << kGranule) - 1;
constexpr uint32_t kMaxCells = 1u << 20; // granules followed at once
constexpr unsigned kCellBits = 20;
static_assert(kMaxCells == 1u << kCellBits, "the hash picks kCellBits bits");
constexpr unsigned kProbes = 16;
constexpr uintptr_t kMaxRangeGranules = 4096; // of a memcpy or memset
constexpr uint32_t kClockThreads = 1024;      // threads with a clock
constexpr uint32_t kMaxSiteIds = 1u << 24;    // site ids the bitmap holds

constexpr size_t kCellBytes = sizeof(Cell) * kMaxCells;
constexpr size_t kClockBytes =
    sizeof(uint32_t) * (size_t)kClockThreads * kClockThreads;
constexpr size_t kBitmapBytes = kMaxSiteIds / 8;
constexpr size_t kReserved = kCellBytes + kClockBytes + kBitmapBytes;

Cell *Cells;
uint32_t *Clocks; // row t: thread t's vector clock
uint64_t *Shared; // bit i: site id i is shared
uint32_t MaxShared;
uint64_t Evicted;
RunFile File("shared_sites_file");

uint32_t *rowOf(Tid T) {
  return T < kClockThreads ? Clocks + (size_t)T * kClockThreads : nullptr;
}

void markShared(const schedsan_site *S) {
  const uint32_t Id = siteId(S);
  if (!Id || Id >= kMaxSiteIds)
    return;
  Shared[Id >> 6] |= 1ull << (Id & 63);
  if (Id > MaxShared)
    MaxShared = Id;
}

// Whether access A, made by another thread than U to some of the bytes B,
// may be reordered with U's access now: nothing orders it before (U's
// clock has not seen it).
bool unordered(const Access &A, Tid U, uint8_t B, const uint32_t *RowU) {
  if (!A.Tid1 || A.Tid1 - 1 == U || !(A.Mask & B))
    return false;
  const Tid T = A.Tid1 - 1;
  return !RowU || T >= kClockThreads || A.Clock > RowU[T];
}

Cell &cellOf(uintptr_t G) {
  uint32_t Home =
      (uint32_t)(((uint64_t)G * 0x9E3779B97F4A7C15ull) >> (64 - kCellBits));
  for (unsigned P = 0; P != kProbes; ++P) {
    Cell &C = Cells[(Home + P) & (kMaxCells - 1)];
    if (C.Granule == G)
      return C;
    if (!C.Granule) {
      C.Granule = G;
      return C;
    }
  }
  ++Evicted; // the home cell forgets its granule
  Cell &C = Cells[Home];
  C.Granule = G;
  C.Last = C.Write = Access{nullptr, 0, 0, 0};
  return C;
}

void noteGranule(uintptr_t G, Access A, bool IsWrite, const uint32_t *RowU) {
  if (!G)
    return;
  Cell &C = cellOf(G);
  const Tid U = A.Tid1 - 1;
  if (unordered(C.Write, U, A.Mask, RowU)) {
    markShared(C.Write.Site);
    markShared(A.Site);
  }
  if (IsWrite && unordered(C.Last, U, A.Mask, RowU)) {
    markShared(C.Last.Site);
    markShared(A.Site);
  }
  C.Last = A;
  if (IsWrite)
    C.Write = A;
}

// The bytes [Lo, Hi) of a granule (offsets 0..kGranule into it) as a mask.
uint8_t bytesOf(uintptr_t Lo, uintptr_t Hi) {
  return (uint8_t)((kAllBytes << Lo) & (kAllBytes >> (kGranule - Hi)));
}

void noteRange(uintptr_t Addr, uintptr_t Size, Access A, bool IsWrite,
               const uint32_t *RowU) {
  if (!Size)
    return;
  const uintptr_t End = Addr + Size;
  const uintptr_t First = Addr >> kGranuleShift;
  uintptr_t Last = (End - 1) >> kGranuleShift;
  if (Last - First >= kMaxRangeGranules)
    Last = First + kMaxRangeGranules - 1;
  for (uintptr_t G = First; G <= Last; ++G) {
    const uintptr_t Base = G << kGranuleShift;
    A.Mask = bytesOf(G == First ? Addr - Base : 0,
                     G == (End - 1) >> kGranuleShift ? End - Base : kGranule);
    noteGranule(G, A, IsWrite, RowU);
  }
}

} // namespace

void sharedBeginRun() {
  shared_checking = *flags.shared_sites_file != 0;
  if (!shared_checking)
    return;
  if (!Cells) {
    void *M = mmap(nullptr, kReserved, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (M == MAP_FAILED)
      File.cannotWrite(flags.shared_sites_file, strerror(errno));
    Cells = static_cast<Cell *>(M);
    Clocks = reinterpret_cast<uint32_t *>(static_cast<char *>(M) + kCellBytes);
    Shared = reinterpret_cast<uint64_t *>(static_cast<char *>(M) + kCellBytes +
                                          kClockBytes);
    rowOf(0)[0] = 1; // the main thread
  }
  File.beginRun(flags.shared_sites_file);
}

void sharedNoteAccessSlow(const ThreadState *T, EventKind K, uintptr_t Addr,
                          uintptr_t Size, uintptr_t Addr2, bool IsWrite,
                          const schedsan_site *Site) {
  if (!isMemoryKind(K) || K == EventKind::Fence)
    return;
  const uint32_t *Row = rowOf(T->tid);
  const Access A{Site, T->tid + 1, Row ? Row[T->tid] : 0, 0};
  noteRange(Addr, Size, A, IsWrite, Row);
  if (K == EventKind::MemTransfer)
    noteRange(Addr2, Size, A, /*IsWrite=*/false, Row);
}

__attribute__((no_builtin)) void sharedNoteCreate(const ThreadState *Parent,
                                                  const ThreadState *Child) {
  if (!shared_checking)
    return;
  uint32_t *P = rowOf(Parent->tid), *C = rowOf(Child->tid);
  if (C) {
    for (Tid I = 0; P && I != Child->tid; ++I)
      C[I] = P[I];
    C[Child->tid] = 1;
  }
  if (P)
    ++P[Parent->tid]; // the parent's later accesses are not the child's past
}

void sharedNoteJoin(const ThreadState *T, const ThreadState *Joined) {
  if (!shared_checking)
    return;
  uint32_t *R = rowOf(T->tid);
  const uint32_t *J = rowOf(Joined->tid);
  if (!R || !J)
    return;
  const Tid N = rt.num_threads < kClockThreads ? rt.num_threads : kClockThreads;
  for (Tid I = 0; I != N; ++I)
    if (J[I] > R[I])
      R[I] = J[I];
}

void sharedEndRun() {
  if (!shared_checking || !File.endRun())
    return;
  const int Fd = RunFile::open(flags.shared_sites_file);
  static char Buf[1 << 16];
  RawWriter W(Fd, Buf, sizeof(Buf), 64);
  unsigned Count = 0;
  if (Fd >= 0) {
    W.put(SCHEDSAN_SHARED_SITES_HEADER "\n");
    for (uint32_t Id = 1; Id <= MaxShared; ++Id)
      if (Shared[Id >> 6] >> (Id & 63) & 1) {
        W.put("%u\n", Id);
        ++Count;
      }
    W.flush();
  }
  if (File.finish(flags.shared_sites_file, Fd, W) && flags.verbosity >= 1)
    rawPrintf("==%d==" SCHEDSAN_SHARED_SITES_TAG
              "%u of %u (%llu granules evicted)\n",
              (int)getpid(), Count, numSites(), (unsigned long long)Evicted);
  for (uint32_t Id = 1; flags.verbosity >= 2 && Id <= MaxShared; ++Id)
    if (Shared[Id >> 6] >> (Id & 63) & 1)
      if (const schedsan_site *S = siteById(Id))
        rawPrintf("==%d==  site %u: %s:%u:%u in %s\n", (int)getpid(), Id,
                  S->file, S->line, S->column, S->function);
}

bool shared_checking = false;

namespace {
bool sharedBegins() {
  sharedBeginRun();
  return false; // it sees accesses (sharedNoteAccess), not picks
}
} // namespace

const Observer kSharedSitesObserver = {"shared sites", nullptr, sharedBegins,
                                       false,          nullptr, nullptr,
                                       sharedEndRun,   nullptr, nullptr};

} // namespace schedsan
