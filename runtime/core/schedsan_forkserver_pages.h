//===- schedsan_forkserver_pages.h - Code pages a fork copies ---*- C++ -*-===//
//
// FILE:
//    runtime/core/schedsan_forkserver_pages.h
//
// DESCRIPTION:
//    Which pages of the program's code and read-only data come mapped into
//    a fork server's runs (schedsan_forkserver_pages.cpp). Linux's fork
//    copies the page-table entries of a private file mapping only if the
//    mapping has anonymous pages (an anon_vma: mm/memory.c,
//    vma_needs_copy); otherwise a run faults again every page it touches.
//    Copying entries costs too, at fork and at the run's exit, for every
//    page the server has mapped, used by runs or not. So the server
//    - gives each read-only private file mapping one anonymous page (it
//      writes one byte onto itself): fork then copies its entries;
//    - empties those mappings (MADV_DONTNEED) before its first run;
//    - lets its first runs tell, from /proc/self/pagemap when they end
//      (kLearningRuns runs that reach finalize), which pages of them they
//      had mapped, and maps exactly those itself: later runs get them from
//      the fork, and fault in only what the first runs did not use (the
//      exit path after finalize, paths they did not take).
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_FORKSERVER_PAGES_H
#define SCHEDSAN_FORKSERVER_PAGES_H

#include <atomic>
#include <stddef.h>
#include <stdint.h>

namespace schedsan {

// The pages runs tell the server about, in memory the server shares with
// its runs: bit I of used[] is the I-th page of the learned mappings, in
// address order.
struct PagesRunsUse {
  static constexpr size_t kMaxPages = 32768; // 128 MiB of mappings
  std::atomic<uint32_t> learning{0}; // the current run is to tell its pages
  std::atomic<uint32_t> told{0};     // it did (it reached finalize)
  uint8_t used[kMaxPages / 8] = {};
};

// In the server, before its first run.
void prepareFileMappings(PagesRunsUse *Shared);
// In the server, after each run: after a run that told its pages, maps
// them; stops asking after kLearningRuns such runs, or kGiveUpRuns runs
// (then, if no run told, maps again what it had mapped before).
void afterServedRun();
// In a run, right after the fork: if the server asks for its pages, cuts
// the learned mappings so that each page faults in alone.
void startRunPages();
// In a run, at its end (finalize): tells its pages if the server asked.
void tellPagesRunUsed();

} // namespace schedsan

#endif // SCHEDSAN_FORKSERVER_PAGES_H
