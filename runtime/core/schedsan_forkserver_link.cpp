//===- schedsan_forkserver_link.cpp - The shared page ---------------------===//
//
// FILE:
//    runtime/core/schedsan_forkserver_link.cpp
//
// DESCRIPTION:
//    Where the shared page is (schedsan_forkserver_link.h).
//===----------------------------------------------------------------------===//
#include "core/schedsan_forkserver_link.h"

namespace schedsan {

static ForkServerLink *Link = nullptr;

ForkServerLink *forkServerLink() { return Link; }

void setForkServerLink(ForkServerLink *L) { Link = L; }

} // namespace schedsan
