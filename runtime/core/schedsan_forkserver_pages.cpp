//===- schedsan_forkserver_pages.cpp - Code pages a fork copies -----------===//
//
// FILE:
//    runtime/core/schedsan_forkserver_pages.cpp
//
// DESCRIPTION:
//    See schedsan_forkserver_pages.h. /proc/self/pagemap has one 64-bit
//    entry a page: bit 63 "present", bit 62 "swapped", bit 61 "file page or
//    shared anonymous" (readable without privileges; only the frame numbers
//    are hidden; other bits, such as 55 "soft-dirty", do not matter here).
//    A mapping is emptied only if every page of it is either not there or
//    a present file page, and one at least is: one with anonymous pages, in
//    memory or swapped out (RELRO: code and data the dynamic loader
//    relocated, then made read-only), would lose its relocations. Nor is
//    one the program has advised (MADV_RANDOM, MADV_SEQUENTIAL: smaps
//    VmFlags rr, sr), whose advice joining its VMAs would undo.
//    If runs have not told their pages within kGiveUpRuns runs (they
//    crash, or exec, or cannot read pagemap), the server stops asking; if
//    none told, it maps again what it had mapped before it emptied the
//    mappings.
//    On a fault in a file mapping the kernel maps up to 16 neighbouring
//    pages as well ("fault-around", in 64 KB windows, never beyond the
//    VMA): what runs told, and what the server mapped, would be whole
//    windows, twice the pages runs use (on the project machine 1,656 kB
//    against 772 kB mapped in the server, benchmarks/RESULTS.md). So while
//    a learning run runs, and while the server maps what runs told, every
//    other page of the learned mappings has MADV_RANDOM: a VMA a page, and
//    a fault maps its page alone. (MADV_RANDOM only turns readahead off,
//    which matters to pages not in the page cache, and only for speed.) A
//    cut page is two more VMAs: the cuts stop at kMaxCutPages, and at a
//    quarter of what vm.max_map_count leaves, so that a learning run keeps
//    most of its room for mappings; a learning run's /proc/self/maps shows
//    the mappings cut. The server joins its VMAs again (MADV_NORMAL) before
//    the next fork.
//===----------------------------------------------------------------------===//
#include "core/schedsan_forkserver_pages.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

namespace schedsan {

namespace {

constexpr int kLearningRuns = 2;
constexpr int kGiveUpRuns = 8;
constexpr size_t kMaxCutPages = 8192; // each 2 more VMAs
constexpr int kMaxMappings = 64;
constexpr size_t kSmapsMax = 1 << 20;

struct Mapping {
  uintptr_t Begin, End;
};
// The learned mappings (in the server, and inherited by its runs).
Mapping Learned[kMaxMappings];
int NumLearned = 0;
size_t LearnedPages = 0;
size_t PageSize = 4096;
PagesRunsUse *Shared = nullptr;
int RunsLeft = kLearningRuns;
int RunsServed = 0;
size_t CutBudget = 0; // pages cutIntoPages() may cut
// The pages the server had mapped before it emptied the mappings (bit I:
// as in PagesRunsUse::used), mapped again if no run tells its own.
uint8_t MappedBefore[PagesRunsUse::kMaxPages / 8];

// Calls Fn(page index from Begin, entry) for each page of [Begin, End) from
// pagemap Fd; false if it cannot be read.
template <typename F>
bool forEachEntry(int Fd, uintptr_t Begin, uintptr_t End, F Fn) {
  uint64_t Entries[512];
  const size_t Pages = (End - Begin) / PageSize;
  for (size_t Done = 0; Done < Pages;) {
    size_t N = Pages - Done < 512 ? Pages - Done : 512;
    off_t At = (off_t)((Begin / PageSize + Done) * sizeof(uint64_t));
    if (pread(Fd, Entries, N * sizeof(uint64_t), At) !=
        (ssize_t)(N * sizeof(uint64_t)))
      return false;
    for (size_t I = 0; I != N; ++I)
      Fn(Done + I, Entries[I]);
    Done += N;
  }
  return true;
}

bool present(uint64_t Entry) { return Entry >> 63; }
// Bits 63..61: 000 nothing there, 101 a present file page.
bool absent(uint64_t Entry) { return (Entry >> 61) == 0; }
bool presentFilePage(uint64_t Entry) { return (Entry >> 61) == 5; }
void setBit(uint8_t *Bits, size_t I) {
  Bits[I / 8] |= (uint8_t)(1u << (I % 8));
}
bool bit(const uint8_t *Bits, size_t I) { return Bits[I / 8] >> (I % 8) & 1; }

// Whether [Begin, End) may be emptied and learned (see the file comment),
// and there is room in the bitmaps.
bool learnable(int Pagemap, uintptr_t Begin, uintptr_t End) {
  if (Pagemap < 0 || NumLearned == kMaxMappings ||
      LearnedPages + (End - Begin) / PageSize > PagesRunsUse::kMaxPages)
    return false;
  bool OnlyFilePages = true, AnyFilePage = false;
  if (!forEachEntry(Pagemap, Begin, End, [&](size_t, uint64_t E) {
        OnlyFilePages &= absent(E) || presentFilePage(E);
        AnyFilePage |= presentFilePage(E);
      }))
    return false;
  return OnlyFilePages && AnyFilePage;
}

void adviseLearned(int Advice) {
  for (int I = 0; I != NumLearned; ++I)
    madvise(reinterpret_cast<void *>(Learned[I].Begin),
            Learned[I].End - Learned[I].Begin, Advice);
}

// Cuts the learned mappings into one VMA a page (see the file comment):
// every other page gets MADV_RANDOM, up to CutBudget of them.
void cutIntoPages() {
  size_t Cut = 0;
  for (int I = 0; I != NumLearned; ++I)
    for (uintptr_t A = Learned[I].Begin + PageSize;
         A < Learned[I].End && Cut != CutBudget; A += 2 * PageSize, ++Cut)
      madvise(reinterpret_cast<void *>(A), PageSize, MADV_RANDOM);
}

// Maps exactly the pages of the learned mappings whose bit is set: empties
// the mappings, cuts them into pages, reads a byte of each page to map,
// and joins them again (MADV_NORMAL: adjacent VMAs that differ in nothing
// else merge).
void mapPages(const uint8_t *Bits) {
  adviseLearned(MADV_DONTNEED);
  cutIntoPages();
  size_t Page = 0;
  for (int I = 0; I != NumLearned; ++I)
    for (uintptr_t A = Learned[I].Begin; A < Learned[I].End;
         A += PageSize, ++Page)
      if (bit(Bits, Page))
        (void)*reinterpret_cast<volatile const char *>(A);
  adviseLearned(MADV_NORMAL);
}

// Gives the mapping one anonymous page (see the header). Best effort: a
// refusal (SELinux execmod, a sealed mapping) leaves the mapping as it was.
// Made writable once, the mapping counts toward committed memory (a few MB
// for libc and the program).
bool giveAnonymousPage(uintptr_t Begin, uintptr_t End, bool Exec) {
  void *Start = reinterpret_cast<void *>(Begin);
  const int Prot = PROT_READ | (Exec ? PROT_EXEC : 0);
  if (mprotect(Start, End - Begin, Prot | PROT_WRITE) != 0)
    return false;
  volatile char *P = static_cast<volatile char *>(Start);
  *P = *P;
  mprotect(Start, End - Begin, Prot); // only removes a permission
  return true;
}

// Reads file Path into Buf (NUL-terminated, Size at most); false if it
// cannot.
bool readFile(const char *Path, char *Buf, size_t Size) {
  int Fd = open(Path, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  size_t Len = 0;
  ssize_t N;
  while (Len + 1 < Size && (N = read(Fd, Buf + Len, Size - 1 - Len)) > 0)
    Len += N;
  close(Fd);
  Buf[Len] = 0;
  return true;
}

// A read-only private file mapping, from /proc/self/smaps.
struct Candidate {
  uintptr_t Begin, End;
  bool Exec;
  bool Advised;   // VmFlags rr or sr
  bool SeenFlags; // its VmFlags line was read (smaps may be cut short)
};

// The read-only private file mappings in Smaps (a header line each, with
// an absolute path as its sixth field, then "Key: value" lines); the
// number of mappings in *Total.
int readCandidates(char *Smaps, Candidate *Out, int Max, size_t *Total) {
  int N = 0;
  bool InCandidate = false;
  *Total = 0;
  for (char *Line = Smaps; Line && *Line;) {
    char *Next = strchr(Line, '\n');
    if (Next)
      *Next++ = 0;
    unsigned long Begin, End;
    char Perm[8];
    int PathAt = 0;
    if (sscanf(Line, "%lx-%lx %7s %*s %*s %*s %n", &Begin, &End, Perm,
               &PathAt) == 3) {
      ++*Total;
      InCandidate = N != Max && PathAt > 0 && Line[PathAt] == '/' &&
                    Perm[0] == 'r' && Perm[1] == '-' && Perm[3] == 'p';
      if (InCandidate)
        Out[N++] = {Begin, End, Perm[2] == 'x', false, false};
    } else if (InCandidate && !strncmp(Line, "VmFlags:", 8)) {
      Out[N - 1].Advised = strstr(Line, " rr") || strstr(Line, " sr");
      Out[N - 1].SeenFlags = true;
    }
    Line = Next;
  }
  return N;
}

// Pages cutIntoPages() may cut, with Mappings mappings now.
size_t cutBudget(size_t Mappings) {
  char Buf[32];
  long Max = 0;
  if (readFile("/proc/sys/vm/max_map_count", Buf, sizeof(Buf)))
    Max = atol(Buf);
  if (Max <= (long)Mappings)
    return 0;
  const size_t Room = (size_t)(Max - (long)Mappings) / 4 / 2;
  return Room < kMaxCutPages ? Room : kMaxCutPages;
}

} // namespace

void prepareFileMappings(PagesRunsUse *S) {
  Shared = S;
  PageSize = (size_t)sysconf(_SC_PAGESIZE);
  // Mapped for the moment only (smaps, then the candidates): buffers in
  // .bss would stay mapped and be copied at every fork.
  constexpr int kMaxCandidates = 256;
  const size_t Size = kSmapsMax + kMaxCandidates * sizeof(Candidate);
  void *Buf = mmap(nullptr, Size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Buf == MAP_FAILED)
    return;
  char *Smaps = static_cast<char *>(Buf);
  Candidate *Candidates = reinterpret_cast<Candidate *>(Smaps + kSmapsMax);
  size_t Mappings = 0;
  const int N =
      readFile("/proc/self/smaps", Smaps, kSmapsMax)
          ? readCandidates(Smaps, Candidates, kMaxCandidates, &Mappings)
          : 0;
  int Pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
  for (int I = 0; I != N; ++I) {
    const Candidate &C = Candidates[I];
    const bool Learn =
        C.SeenFlags && !C.Advised && learnable(Pagemap, C.Begin, C.End);
    if (giveAnonymousPage(C.Begin, C.End, C.Exec) && Learn) {
      forEachEntry(Pagemap, C.Begin, C.End, [&](size_t J, uint64_t E) {
        if (present(E))
          setBit(MappedBefore, LearnedPages + J);
      });
      Learned[NumLearned++] = {C.Begin, C.End};
      LearnedPages += (C.End - C.Begin) / PageSize;
    }
  }
  munmap(Buf, Size);
  if (Pagemap >= 0)
    close(Pagemap);
  CutBudget = cutBudget(Mappings);
  adviseLearned(MADV_DONTNEED);
  Shared->learning.store(NumLearned > 0, std::memory_order_relaxed);
}

void afterServedRun() {
  if (!Shared || !Shared->learning.load(std::memory_order_relaxed))
    return;
  ++RunsServed;
  if (Shared->told.exchange(0, std::memory_order_relaxed)) {
    mapPages(Shared->used);
    --RunsLeft;
  }
  if (RunsLeft == 0 || RunsServed == kGiveUpRuns) {
    if (RunsLeft == kLearningRuns)
      mapPages(MappedBefore); // no run told: as if nothing had been emptied
    Shared->learning.store(0, std::memory_order_relaxed);
  }
}

void startRunPages() {
  if (Shared && Shared->learning.load(std::memory_order_relaxed))
    cutIntoPages();
}

void tellPagesRunUsed() {
  if (!Shared || !Shared->learning.load(std::memory_order_relaxed))
    return;
  int Pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
  if (Pagemap < 0)
    return;
  size_t First = 0; // of the current mapping
  for (int I = 0; I != NumLearned; ++I) {
    forEachEntry(Pagemap, Learned[I].Begin, Learned[I].End,
                 [&](size_t J, uint64_t E) {
                   if (present(E))
                     setBit(Shared->used, First + J);
                 });
    First += (Learned[I].End - Learned[I].Begin) / PageSize;
  }
  close(Pagemap);
  Shared->told.store(1, std::memory_order_relaxed);
}

} // namespace schedsan
