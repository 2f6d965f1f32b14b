//===- ReadsFrom.cpp - Reads-from pairs and their constraints ------------===//
//
// FILE:
//    common/ReadsFrom.cpp
//
// DESCRIPTION:
//    See ReadsFrom.h: the granules an event reads and writes, and the
//    parser of rf_constraints= values
//    and event keys.
//===----------------------------------------------------------------------===//
#include "ReadsFrom.h"

#include <stdio.h>

namespace schedsan {

GranuleRange granules(uintptr_t Addr, uintptr_t Size) {
  GranuleRange G;
  if (!Addr)
    return G;
  Size = Size ? Size : 1;
  Size = Size < kRfMaxRangeBytes ? Size : kRfMaxRangeBytes;
  G.First = Addr >> kRfGranuleShift;
  G.Last = (Addr + Size - 1) >> kRfGranuleShift;
  if (G.Last < G.First) // wrapped around the address space
    G.Last = UINTPTR_MAX >> kRfGranuleShift;
  return G;
}

GranuleRange readRange(EventKind K, uintptr_t Addr, uintptr_t Addr2,
                       uintptr_t Size) {
  switch (K) {
  case EventKind::Read:
  case EventKind::Update:
  case EventKind::AtomicLoad:
  case EventKind::AtomicRMW:
  case EventKind::AtomicCmpXchg:
    return granules(Addr, Size);
  case EventKind::MemTransfer:
    return granules(Addr2, Size);
  default:
    return GranuleRange();
  }
}

GranuleRange writeRange(EventKind K, uintptr_t Addr, uintptr_t Size) {
  switch (K) {
  case EventKind::Write:
  case EventKind::Update:
  case EventKind::AtomicStore:
  case EventKind::AtomicRMW:
  case EventKind::AtomicCmpXchg:
    return granules(Addr, Size);
  case EventKind::MemTransfer:
  case EventKind::MemSet:
    return granules(Addr, Size);
  default:
    return GranuleRange();
  }
}

namespace {

// Reads a decimal number at *P no greater than Max; advances *P.
bool parseDecimal(const char *&P, uint32_t Max, uint32_t &Out) {
  if (*P < '0' || *P > '9')
    return false;
  uint64_t V = 0;
  for (; *P >= '0' && *P <= '9'; ++P) {
    V = V * 10 + (*P - '0');
    if (V > Max)
      return false;
  }
  Out = (uint32_t)V;
  return true;
}

bool parseOne(const char *P, const char *End, RfConstraint &C) {
  if (!parseRfKey(P, C.Read) || C.Read == 0 || P == End ||
      (*P != '<' && *P != '!'))
    return false;
  C.Not = *P++ == '!';
  return parseRfKey(P, C.Write) && P == End;
}

} // namespace

bool parseRfKey(const char *&P, uint32_t &Key) {
  uint32_t Site, Thread;
  if (!parseDecimal(P, kRfSiteMask, Site))
    return false;
  Key = Site;
  if (*P != '@')
    return true;
  ++P;
  if (!Site || !parseDecimal(P, kRfMaxThread, Thread))
    return false;
  Key = rfKey(Thread, Site);
  return true;
}

size_t formatRfKey(char *Buf, size_t Size, uint32_t Key) {
  const uint32_t Thread = rfThreadPart(Key);
  return Thread ? snprintf(Buf, Size, "%u@%u", rfSite(Key), Thread - 1)
                : snprintf(Buf, Size, "%u", Key);
}

int parseRfConstraints(const char *Text, RfConstraint *Out, unsigned Max,
                       char *Bad, size_t BadSize) {
  unsigned N = 0;
  for (const char *P = Text; *P;) {
    const char *End = P;
    while (*End && *End != ',')
      ++End;
    RfConstraint C;
    if (N == Max || !parseOne(P, End, C)) {
      size_t Len = End - P;
      if (BadSize) {
        Len = Len < BadSize - 1 ? Len : BadSize - 1;
        for (size_t I = 0; I != Len; ++I)
          Bad[I] = P[I];
        Bad[Len] = 0;
      }
      return -1;
    }
    Out[N++] = C;
    P = *End ? End + 1 : End;
    if (*End && !*P) { // a trailing comma: an empty last entry
      if (BadSize)
        Bad[0] = 0;
      return -1;
    }
  }
  return (int)N;
}

} // namespace schedsan
