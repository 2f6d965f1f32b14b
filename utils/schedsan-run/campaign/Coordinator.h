//===- Coordinator.h - Which seed runs next, and when to stop ---*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/campaign/Coordinator.h
//
// DESCRIPTION:
//    Shared by a campaign's workers: hands out seed indexes in increasing
//    order, hands the records on in seed order, and decides when to stop.
//    A run's record goes to the sink (which counts it and writes it to the
//    JSON file) once every lower index has completed; only the records
//    that wait for a lower index still in flight are held, a few per
//    worker, so memory does not grow with the campaign. With
//    --until-bug, once the run of index J fails (with --until-saturated,
//    once the sink says the record of index J ends the campaign) no index
//    above J is handed out, and runs in flight above J are cancelled (each
//    worker has a wake-up pipe: the coordinator writes to all of them, and a
//    worker whose run is to be cancelled kills it). Ctrl-C (SIGINT, SIGTERM)
//    cancels every run.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_COORDINATOR_H
#define SCHEDSAN_RUN_COORDINATOR_H

#include "results/Results.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace schedsan::run {

// Set by SIGINT / SIGTERM once installInterruptHandlers() has run.
extern std::atomic<bool> Interrupted;
void installInterruptHandlers();
void restoreInterruptHandlers();

// A worker's wake-up pipe; returns its read end.
int addWakePipe();

class Coordinator {
public:
  // Receives the records in seed order, under the coordinator's lock;
  // true: the campaign ends with this record (--until-saturated), as it
  // ends with a failure under --until-bug.
  using Sink = std::function<bool(RunRecord &)>;

  Coordinator(uint64_t Count, bool UntilBug, Sink S)
      : Count(Count), UntilBug(UntilBug), Out(std::move(S)) {}

  // The next seed index to run, or false when there is none.
  bool next(uint64_t &J);
  // Records the run of index J.
  void complete(uint64_t J, RunRecord R);
  // Whether the run of index J in flight should be cancelled.
  bool shouldCancel(uint64_t J) const {
    return Interrupted.load() || J > StopIndex.load();
  }
  // Stops the campaign with a set-up error.
  void fail(const std::string &Msg);
  bool failed(std::string &Msg);
  void workerDone();

  // Waits up to Ms for news; false once all Workers have finished.
  bool wait(unsigned Workers, unsigned Ms, uint64_t &DoneNow,
            uint64_t &FailuresNow);

  // Hands on the records still held (after an interruption: those after
  // a run that never completed); with --until-bug drops those after the
  // first failure (and deletes their files).
  void finish();

private:
  // Hands on the held records from NextOut on that are due.
  void handOn();
  // No index above J is handed out, or on; runs above J are cancelled.
  void stopAfter(uint64_t J);

  std::mutex M;
  std::condition_variable CV;
  const uint64_t Count;
  const bool UntilBug;
  uint64_t Next = 0, Completed = 0, Failures = 0;
  unsigned Finished = 0;
  std::atomic<uint64_t> StopIndex{UINT64_MAX};
  const Sink Out;
  std::map<uint64_t, RunRecord> Held; // completed, waiting for a lower index
  uint64_t NextOut = 0;               // the next index to hand on
  bool Fatal = false;
  std::string FatalMsg;
};

} // namespace schedsan::run

#endif
