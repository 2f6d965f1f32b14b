//===- schedsan_sites.cpp - The registered site tables --------------------===//
//
// FILE:
//    runtime/core/schedsan_sites.cpp
//===----------------------------------------------------------------------===//
#include "core/schedsan_sites.h"

namespace schedsan {

namespace {
struct Module {
  const schedsan_site *Begin, *End;
  uint32_t Base;
};
constexpr unsigned kMaxModules = 256;
Module Modules[kMaxModules];
unsigned NumModules;
uint32_t NumSites;
} // namespace

void registerSites(const schedsan_site *Begin, const schedsan_site *End) {
  if (NumModules == kMaxModules || Begin == End)
    return;
  Modules[NumModules++] = {Begin, End, NumSites};
  NumSites += End - Begin;
}

uint32_t siteId(const schedsan_site *S) {
  for (unsigned I = 0; I != NumModules; ++I)
    if (S >= Modules[I].Begin && S < Modules[I].End)
      return Modules[I].Base + (S - Modules[I].Begin) + 1;
  return 0;
}

const schedsan_site *siteById(uint32_t Id) {
  for (unsigned I = 0; I != NumModules; ++I)
    if (Id > Modules[I].Base &&
        Id - Modules[I].Base <= (uint32_t)(Modules[I].End - Modules[I].Begin))
      return Modules[I].Begin + (Id - Modules[I].Base - 1);
  return nullptr;
}

unsigned numSites() { return NumSites; }

} // namespace schedsan
