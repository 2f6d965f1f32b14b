//===- schedsan_forkserver.h - What a fork server shares with its runs -*- C++ -*-===//
//
// FILE:
//    runtime/schedsan_forkserver.h
//
// DESCRIPTION:
//    A fork server (schedsan_forkserver.cpp) and the runs it forks share
//    one page of memory, made before the first fork: what a run tells the
//    next one (PCT's k) and what the server needs to watch a run.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_FORKSERVER_H
#define SCHEDSAN_FORKSERVER_H

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

// schedsan_state.cpp: the k this process's run started from (a fork server
// starts its runs from it), and storing a k in state_file (a fork server
// when it ends, for whatever runs the program next).
uint64_t loadedStateK();
void writeStateFile(uint64_t K);

} // namespace schedsan

#endif // SCHEDSAN_FORKSERVER_H
