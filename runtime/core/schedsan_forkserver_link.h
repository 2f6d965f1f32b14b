//===- schedsan_forkserver_link.h - The shared page -------------*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_forkserver_link.h
//
// DESCRIPTION:
//    What a fork server (schedsan_forkserver.h) and each of its runs tell
//    each other through a shared page: PCT's k from run to run, and the
//    run's watchdog period, which the server samples the run with.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_FORKSERVER_LINK_H
#define SCHEDSAN_FORKSERVER_LINK_H

#include <atomic>
#include <stdint.h>

namespace schedsan {

struct ForkServerLink {
  // PCT's k: a run that ends cleanly stores its measured steps, the next
  // run starts from it (what state_file carries between exec'd runs).
  std::atomic<uint64_t> k{0};
  // The run's watchdog_ms, stored once it has read its options (then
  // options_read = 1); the server samples the run every watchdog_ms / 4.
  std::atomic<uint32_t> watchdog_ms{0};
  std::atomic<uint32_t> options_read{0};
};

// The shared page in a fork server and its runs, else null.
ForkServerLink *forkServerLink();
// The fork server, once it has mapped the page.
void setForkServerLink(ForkServerLink *Link);

} // namespace schedsan

#endif // SCHEDSAN_FORKSERVER_LINK_H
