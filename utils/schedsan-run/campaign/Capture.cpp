//===- Capture.cpp - A run's stdout and stderr, through pipes -------------===//
//
// FILE:
//    utils/schedsan-run/campaign/Capture.cpp
//
// DESCRIPTION:
//    See Capture.h. The pipes are made 1 MiB large when the system allows
//    it, so a chatty run rarely waits for the worker to drain them.
//===----------------------------------------------------------------------===//
#include "campaign/Capture.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace schedsan::run {

namespace {

bool makePipe(int &R, int &W) {
  int P[2];
  if (pipe2(P, O_CLOEXEC) != 0)
    return false;
  R = P[0];
  W = P[1];
  fcntl(R, F_SETFL, O_NONBLOCK);
  fcntl(W, F_SETPIPE_SZ, 1 << 20); // best effort
  return true;
}

void readAll(int Fd, std::string &Buf, size_t &Dropped) {
  char Chunk[65536];
  for (;;) {
    ssize_t N = read(Fd, Chunk, sizeof(Chunk));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return;
    Buf.append(Chunk, N);
    if (Buf.size() > 2 * Capture::Limit) {
      size_t Cut = Buf.size() - Capture::Limit;
      Buf.erase(0, Cut);
      Dropped += Cut;
    }
  }
}

void trim(std::string &Buf, size_t &Dropped) {
  if (Buf.size() > Capture::Limit) {
    size_t Cut = Buf.size() - Capture::Limit;
    Buf.erase(0, Cut);
    Dropped += Cut;
  }
}

} // namespace

Capture::~Capture() {
  for (int Fd : {OutR, OutW, ErrR, ErrW})
    if (Fd >= 0)
      close(Fd);
}

bool Capture::open() { return makePipe(OutR, OutW) && makePipe(ErrR, ErrW); }

void Capture::reset() {
  drain();
  Out.clear();
  Err.clear();
  OutDropped = ErrDropped = 0;
}

void Capture::drain() {
  readAll(OutR, Out, OutDropped);
  readAll(ErrR, Err, ErrDropped);
  trim(Out, OutDropped);
  trim(Err, ErrDropped);
}

} // namespace schedsan::run
