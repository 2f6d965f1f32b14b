//===- asio_signal_set.cpp - A correct Boost.Asio program ----------------===//
//
// FILE:
//    benchmarks/real/asio_signal_set.cpp
//
// DESCRIPTION:
//    A signal_set, a timer and posted work; the io_context is run by a
//    second thread, which waits in epoll_wait while main sleeps. Needs
//    libboost-dev (benchmarks/RESULTS.md, "Trust").
//===----------------------------------------------------------------------===//
#include <atomic>
#include <boost/asio.hpp>
#include <cassert>
#include <csignal>
#include <cstdio>
#include <thread>

int main() {
  boost::asio::io_context io;
  std::atomic<int> done{0};
  boost::asio::signal_set sigs(io, SIGUSR1);
  sigs.async_wait([&](const boost::system::error_code &ec, int s) {
    assert(!ec && s == SIGUSR1);
    done++;
  });
  boost::asio::steady_timer t(io, std::chrono::milliseconds(5));
  t.async_wait([&](const boost::system::error_code &) { done++; });
  auto guard = boost::asio::make_work_guard(io);
  std::thread runner([&] { io.run(); });
  for (int i = 0; i < 3; ++i)
    boost::asio::post(io, [&] { done++; });
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  raise(SIGUSR1);
  while (done.load() < 5)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  guard.reset();
  io.stop();
  runner.join();
  std::printf("done %d\n", done.load());
  return 0;
}
