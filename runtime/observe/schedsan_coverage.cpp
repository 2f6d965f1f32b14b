//===- schedsan_coverage.cpp - Event-pair coverage ------------------------===//
//
// FILE:
//    runtime/observe/schedsan_coverage.cpp
//
// DESCRIPTION:
//    See schedsan_coverage.h. A pair is two addresses, each where an event
//    is: its site (an entry of a site table) or, without one, the
//    interceptor's caller; they are named only when the file is written.
//    The pairs are kept densely in first-seen order; an index of 32-bit
//    slots (0: empty, else the pair's position + 1) finds them, and is
//    rebuilt twice as large when half full. Both arrays live in one
//    mapping reserved at the first run that asks (MAP_NORESERVE: a page
//    costs something only once a pair lands on it). The arrays are written
//    element by element, never through memset or memcpy: a
//    ThreadSanitizer in the program intercepts those, and the run's threads
//    write the table in turn (a hand-over it cannot see).
//===----------------------------------------------------------------------===//
#include "observe/schedsan_coverage.h"
#include "core/schedsan_flags.h"
#include "core/schedsan_log.h"
#include "core/schedsan_runfile.h"
#include "core/schedsan_sites.h"
#include "schedsan/schedsan_protocol.h"

#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

namespace schedsan {

namespace {
bool coverage_on = false; // coverage_file= set: event pairs recorded
} // namespace

namespace {

struct Pair {
  uintptr_t Before, After;
};

constexpr uint32_t kMaxPairs = 1u << 18;      // per run; more are counted
constexpr uint32_t kMaxSlots = 2 * kMaxPairs; // the index at its largest
constexpr uint32_t kFirstSlots = 1u << 10;    // 4 KiB: one page
constexpr size_t kPairBytes = sizeof(Pair) * kMaxPairs;
constexpr size_t kReserved = kPairBytes + sizeof(uint32_t) * kMaxSlots;

Pair *Pairs;     // kMaxPairs, the first NumPairs used
uint32_t *Slots; // NumSlots (a power of two)
uint32_t NumPairs, NumSlots, Dropped;
RunFile File("coverage_file");

uint32_t hashPair(uintptr_t A, uintptr_t B) {
  uint64_t H = (uint64_t)A * 0x9E3779B97F4A7C15ull;
  H ^= (uint64_t)B + 0x632BE59BD9B4E019ull + (H << 6) + (H >> 2);
  H *= 0xBF58476D1CE4E5B9ull;
  return (uint32_t)(H ^ (H >> 31));
}

// Where the event T waits to perform is: its site, else its interceptor's
// caller (0: neither).
uintptr_t whereOf(const ThreadState *T) {
  return T->site ? reinterpret_cast<uintptr_t>(T->site)
                 : reinterpret_cast<uintptr_t>(T->pc);
}

__attribute__((no_builtin)) void rebuildIndex(uint32_t Slots2) {
  for (uint32_t I = 0; I != NumSlots; ++I) // the rest is still untouched
    Slots[I] = 0;
  NumSlots = Slots2;
  for (uint32_t P = 0; P != NumPairs; ++P) {
    uint32_t I = hashPair(Pairs[P].Before, Pairs[P].After) & (NumSlots - 1);
    while (Slots[I])
      I = (I + 1) & (NumSlots - 1);
    Slots[I] = P + 1;
  }
}

void insert(uintptr_t Before, uintptr_t After) {
  uint32_t I = hashPair(Before, After) & (NumSlots - 1);
  for (; Slots[I]; I = (I + 1) & (NumSlots - 1)) {
    const Pair &P = Pairs[Slots[I] - 1];
    if (P.Before == Before && P.After == After)
      return;
  }
  if (NumPairs == kMaxPairs) {
    ++Dropped;
    return;
  }
  Pairs[NumPairs] = {Before, After};
  Slots[I] = ++NumPairs;
  if (2 * NumPairs > NumSlots && NumSlots < kMaxSlots)
    rebuildIndex(2 * NumSlots);
}

// The loaded objects' address ranges, to name an interceptor's caller.
struct Module {
  uintptr_t Lo, Hi, Base;
  const char *Name;
};
constexpr unsigned kMaxModules = 128;
Module Modules[kMaxModules];
unsigned NumModules;
char ExePath[256];
const char *ExeName = ExePath; // its base name

int addModule(struct dl_phdr_info *Info, size_t, void *) {
  for (int I = 0; I != Info->dlpi_phnum && NumModules != kMaxModules; ++I) {
    const ElfW(Phdr) &H = Info->dlpi_phdr[I];
    if (H.p_type != PT_LOAD)
      continue;
    // The program itself has no name here.
    const char *Name =
        Info->dlpi_name && *Info->dlpi_name ? Info->dlpi_name : ExeName;
    const char *Slash = strrchr(Name, '/');
    Modules[NumModules++] = {Info->dlpi_addr + H.p_vaddr,
                             Info->dlpi_addr + H.p_vaddr + H.p_memsz,
                             Info->dlpi_addr, Slash ? Slash + 1 : Name};
  }
  return 0;
}

void findModules() {
  ssize_t N = readlink("/proc/self/exe", ExePath, sizeof(ExePath) - 1);
  ExePath[N > 0 ? N : 0] = 0;
  const char *Slash = strrchr(ExePath, '/');
  ExeName = Slash ? Slash + 1 : ExePath;
  NumModules = 0;
  dl_iterate_phdr(addModule, nullptr);
}

const Module *moduleOf(uintptr_t Where) {
  for (unsigned I = 0; I != NumModules; ++I)
    if (Where >= Modules[I].Lo && Where < Modules[I].Hi)
      return &Modules[I];
  return nullptr;
}

// A site's dense id, or an interceptor caller's object+offset. The objects
// are those loaded when the process began its first run (a fork server's
// runs inherit them), looked up again once a run if a caller lies outside
// them all (a library loaded since).
void putWhere(RawWriter &W, uintptr_t Where, bool &LookedAgain) {
  if (uint32_t Id = siteId(reinterpret_cast<const schedsan_site *>(Where))) {
    W.put("%u", Id);
    return;
  }
  const Module *M = moduleOf(Where);
  if (!M && !LookedAgain) {
    LookedAgain = true;
    findModules();
    M = moduleOf(Where);
  }
  if (M)
    W.put("%s+0x%zx", M->Name, (size_t)(Where - M->Base));
  else
    W.put("0x%zx", (size_t)Where);
}

} // namespace

void coverageBeginRun() {
  coverage_on = *flags.coverage_file != 0;
  if (!coverage_on)
    return;
  if (!Pairs) {
    void *M = mmap(nullptr, kReserved, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (M == MAP_FAILED)
      File.cannotWrite(flags.coverage_file, strerror(errno));
    Pairs = static_cast<Pair *>(M);
    Slots = reinterpret_cast<uint32_t *>(static_cast<char *>(M) + kPairBytes);
    NumSlots = kFirstSlots;
    findModules();
  }
  File.beginRun(flags.coverage_file);
}

void coverageNotePick(const ThreadState *Next) {
  const Event &E = rt.pending[Next->slot];
  const uintptr_t Before = whereOf(Next);
  if (!Before)
    return;
  for (unsigned I = 0; I != rt.num_live; ++I) {
    const ThreadState *T = rt.live[I];
    if (T == Next || isAway(T) ||
        !eventsRace(E, rt.pending[I], /*ReadsRace=*/false))
      continue;
    if (uintptr_t After = whereOf(T))
      insert(Before, After);
  }
}

void coverageEndRun() {
  if (!coverage_on || !File.endRun())
    return;
  const int Fd = RunFile::open(flags.coverage_file);
  static char Buf[1 << 16];
  RawWriter W(Fd, Buf, sizeof(Buf), 1024);
  if (Fd >= 0) {
    bool LookedAgain = false;
    W.put(SCHEDSAN_COVERAGE_HEADER "\n");
    for (uint32_t P = 0; P != NumPairs; ++P) {
      putWhere(W, Pairs[P].Before, LookedAgain);
      W.put(" ");
      putWhere(W, Pairs[P].After, LookedAgain);
      W.put("\n");
    }
    if (Dropped)
      W.put("# dropped %u pairs past the first %u\n", Dropped, kMaxPairs);
    W.flush();
  }
  File.finish(flags.coverage_file, Fd, W);
}

namespace {
bool coverageBegins() {
  coverageBeginRun();
  return coverage_on;
}
void coveragePicked(ThreadState *, ThreadState *Next) {
  coverageNotePick(Next);
}
void coveragePassed(ThreadState *T) { coverageNotePick(T); }
} // namespace

const Observer kCoverageObserver = {
    "coverage",     nullptr,        coverageBegins, false,  coveragePicked,
    coveragePassed, coverageEndRun, nullptr,        nullptr};

} // namespace schedsan
