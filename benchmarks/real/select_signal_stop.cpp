//===- select_signal_stop.cpp - A worker stopped by a signal ---------------===//
//
// FILE:
//    benchmarks/real/select_signal_stop.cpp
//
// DESCRIPTION:
//    A worker serves requests on a socket pair, waiting in select; main
//    sends three, then SIGTERM to the worker, whose handler sets a flag.
//    `./select_signal_stop select`: the classic race (a bug): the handler
//    may run after the worker's check of the flag and before its select
//    blocks, which then waits forever. `./select_signal_stop pselect`
//    (correct): SIGTERM is blocked but inside pselect, so the handler can
//    only interrupt the wait (benchmarks/RESULTS.md, "Trust").
//===----------------------------------------------------------------------===//
#include <atomic>
#include <cassert>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <pthread.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

static volatile sig_atomic_t quit;

int main(int argc, char **argv) {
  const bool Safe = argc > 1 && !strcmp(argv[1], "pselect");
  struct sigaction sa = {};
  sa.sa_handler = [](int) { quit = 1; };
  sigaction(SIGTERM, &sa, nullptr);
  int sv[2];
  assert(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
  sigset_t Block, Old;
  sigemptyset(&Block);
  sigaddset(&Block, SIGTERM);
  if (Safe)
    pthread_sigmask(SIG_BLOCK, &Block, &Old); // the worker inherits it
  std::atomic<int> served{0};
  std::thread w([&] {
    while (!quit) {
      fd_set r;
      FD_ZERO(&r);
      FD_SET(sv[1], &r);
      int n = Safe ? pselect(sv[1] + 1, &r, nullptr, nullptr, nullptr, &Old)
                   : select(sv[1] + 1, &r, nullptr, nullptr, nullptr);
      char c;
      if (n > 0 && read(sv[1], &c, 1) == 1) {
        served++;
        assert(write(sv[1], &c, 1) == 1);
      }
    }
  });
  for (int i = 0; i < 3; i++) {
    char c = 'a' + i, d;
    assert(write(sv[0], &c, 1) == 1 && read(sv[0], &d, 1) == 1 && d == c);
  }
  pthread_kill(w.native_handle(), SIGTERM);
  w.join();
  assert(served == 3);
  puts("ok");
}
