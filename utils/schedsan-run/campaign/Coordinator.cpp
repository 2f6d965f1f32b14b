//===- Coordinator.cpp - Which seed runs next, and when to stop -----------===//
//
// FILE:
//    utils/schedsan-run/campaign/Coordinator.cpp
//
// DESCRIPTION:
//    See Coordinator.h.
//===----------------------------------------------------------------------===//
#include "campaign/Coordinator.h"
#include "cli/Diag.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace schedsan::run {

std::atomic<bool> Interrupted{false};

namespace {

int WakeFds[1024];
std::atomic<int> NumWakeFds{0};

void wakeAll() {
  for (int I = 0, N = NumWakeFds.load(); I != N; ++I) {
    ssize_t R = write(WakeFds[I], "x", 1);
    (void)R;
  }
}

void onInterrupt(int) {
  Interrupted.store(true);
  wakeAll(); // write() is async-signal-safe
}

} // namespace

void installInterruptHandlers() {
  struct sigaction Act = {};
  Act.sa_handler = onInterrupt;
  // SIGTERM may come twice for one stop (timeout without --foreground
  // signals schedsan, then its process group): it only ever stops the
  // campaign, whose summary is still printed (SIGKILL ends it at once).
  sigaction(SIGTERM, &Act, nullptr);
  Act.sa_flags = SA_RESETHAND; // a second Ctrl-C ends schedsan at once
  sigaction(SIGINT, &Act, nullptr);
}

void restoreInterruptHandlers() {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
}

int addWakePipe() {
  int P[2];
  if (pipe2(P, O_CLOEXEC | O_NONBLOCK) != 0)
    fatal("pipe: " + lastError());
  int N = NumWakeFds.fetch_add(1);
  if (N >= 1024)
    fatal("too many workers");
  WakeFds[N] = P[1];
  return P[0];
}

bool Coordinator::next(uint64_t &J) {
  std::lock_guard<std::mutex> G(M);
  if (Interrupted || Fatal || Next >= Count || Next > StopIndex.load())
    return false;
  J = Next++;
  return true;
}

namespace {

// A failure after the first one (--until-bug): not part of the result.
void drop(RunRecord &R) {
  for (const std::string *F : {&R.StdoutPath, &R.StderrPath, &R.Trace})
    if (!F->empty())
      unlink(F->c_str());
}

} // namespace

void Coordinator::complete(uint64_t J, RunRecord R) {
  std::lock_guard<std::mutex> G(M);
  bool Failed = R.failed();
  ++Completed;
  Failures += Failed;
  if (Failed && UntilBug)
    stopAfter(J);
  if (J > StopIndex.load()) {
    drop(R);
    return;
  }
  Held.emplace(J, std::move(R));
  handOn();
  // No notify: the progress line refreshes on its own clock, and waking
  // the main thread after every run would cost a wake-up of another CPU.
}

void Coordinator::stopAfter(uint64_t J) {
  if (J >= StopIndex.load())
    return;
  StopIndex.store(J);
  wakeAll(); // cancel the runs of later seeds
}

void Coordinator::handOn() {
  // Every index below NextOut has been handed on; a later failure can only
  // lower StopIndex to an index not yet completed, so what is handed on
  // stays part of the result.
  while (!Held.empty() && Held.begin()->first == NextOut) {
    auto It = Held.begin();
    if (It->first <= StopIndex.load()) {
      if (Out(It->second))
        stopAfter(It->first);
    } else {
      drop(It->second);
    }
    Held.erase(It);
    ++NextOut;
  }
}

void Coordinator::fail(const std::string &Msg) {
  std::lock_guard<std::mutex> G(M);
  if (!Fatal)
    FatalMsg = Msg;
  Fatal = true;
  Interrupted.store(true);
  wakeAll();
  CV.notify_all();
}

bool Coordinator::failed(std::string &Msg) {
  std::lock_guard<std::mutex> G(M);
  Msg = FatalMsg;
  return Fatal;
}

void Coordinator::workerDone() {
  std::lock_guard<std::mutex> G(M);
  ++Finished;
  CV.notify_all();
}

bool Coordinator::wait(unsigned Workers, unsigned Ms, uint64_t &DoneNow,
                       uint64_t &FailuresNow) {
  std::unique_lock<std::mutex> L(M);
  // With a predicate: a worker that finished before this wait began is not
  // waited for (its notify is not lost), nor is a fatal error.
  CV.wait_for(L, std::chrono::milliseconds(Ms),
              [&] { return Finished >= Workers || Fatal; });
  DoneNow = Completed;
  FailuresNow = Failures;
  return Finished < Workers;
}

void Coordinator::finish() {
  std::lock_guard<std::mutex> G(M);
  for (auto &H : Held) {
    if (H.first > StopIndex.load())
      drop(H.second);
    else if (Out(H.second))
      stopAfter(H.first);
  }
  Held.clear();
}

} // namespace schedsan::run
