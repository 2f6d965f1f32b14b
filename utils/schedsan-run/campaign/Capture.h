//===- Capture.h - A run's stdout and stderr, through pipes -----*- C++ -*-===//
//
// FILE:
//    utils/schedsan-run/campaign/Capture.h
//
// DESCRIPTION:
//    Each worker keeps two pipes for the whole campaign; every run it starts
//    (or its fork server starts) writes its stdout and stderr into them, and
//    the worker drains them into memory while it waits for the run to end.
//    Files would cost more than the runs: truncating a file that holds one
//    page takes about 0.1 ms even on tmpfs on this machine (a third of all
//    samples in `perf` for the small benchmark program), and on ext4 more.
//    Only the last Limit bytes of each stream are kept (a report comes at
//    the end); the files are written only for a failing run.
//===----------------------------------------------------------------------===//
#ifndef SCHEDSAN_RUN_CAPTURE_H
#define SCHEDSAN_RUN_CAPTURE_H

#include <cstddef>
#include <string>

namespace schedsan::run {

class Capture {
public:
  static constexpr size_t Limit = 1 << 20;

  Capture() = default;
  Capture(const Capture &) = delete;
  Capture &operator=(const Capture &) = delete;
  ~Capture();

  // Makes the pipes; false (errno set) if it cannot.
  bool open();
  // The ends a run writes to (blocking; dup2 them to 1 and 2).
  int outWriteFd() const { return OutW; }
  int errWriteFd() const { return ErrW; }
  // The ends the worker polls (non-blocking).
  int outReadFd() const { return OutR; }
  int errReadFd() const { return ErrR; }

  // Forgets what the previous run wrote (after draining what is left).
  void reset();
  // Reads whatever the pipes hold now, without blocking.
  void drain();

  // What the current run wrote (the last Limit bytes of each); Dropped*:
  // bytes dropped from the front.
  const std::string &out() const { return Out; }
  const std::string &err() const { return Err; }
  size_t outDropped() const { return OutDropped; }
  size_t errDropped() const { return ErrDropped; }

private:
  int OutR = -1, OutW = -1, ErrR = -1, ErrW = -1;
  std::string Out, Err;
  size_t OutDropped = 0, ErrDropped = 0;
};

} // namespace schedsan::run

#endif
