//===- schedsan_sites.h - The registered site tables ------------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_sites.h
//
// DESCRIPTION:
//    Each instrumented module registers its site table from its constructor.
//    Sites are numbered densely in registration order (site ids in traces).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_SITES_H
#define SCHEDSAN_SITES_H

#include "schedsan/schedsan_interface.h"

namespace schedsan {

void registerSites(const schedsan_site *Begin, const schedsan_site *End);
// Dense id of a site (1-based), 0 when it belongs to no registered table.
uint32_t siteId(const schedsan_site *S);
// The site of a dense id, nullptr for 0 or an id past the last.
const schedsan_site *siteById(uint32_t Id);
unsigned numSites();

} // namespace schedsan

#endif // SCHEDSAN_SITES_H
