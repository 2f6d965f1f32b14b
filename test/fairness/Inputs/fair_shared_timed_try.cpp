// C++20 atomic::wait/notify_one ping-pong, then a routing table behind a
// std::shared_timed_mutex whose reader polls with try_lock_shared_for (a
// pthread_rwlock_clockrdlock in libstdc++) and stops through a
// std::jthread's stop_callback. Correct: the table is only touched under
// the lock, and the ping-pong's turns are atomic.
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <stop_token>
#include <thread>

using namespace std::chrono_literals;

std::atomic<int> turn{0};
std::shared_timed_mutex routes_mu;
std::map<int, int> routes;

int main() {
  constexpr int ROUNDS = 3;
  std::thread pong([] {
    for (int i = 0; i < ROUNDS; ++i) {
      turn.wait(0);          // wait while it is ping's turn
      assert(turn.load() == 1);
      turn.store(0);
      turn.notify_one();
    }
  });
  for (int i = 0; i < ROUNDS; ++i) {
    turn.store(1);
    turn.notify_one();
    turn.wait(1);
  }
  pong.join();

  std::atomic<int> lookups{0};
  std::jthread reader([&](std::stop_token st) {
    std::atomic<bool> stopped{false};
    std::stop_callback cb(st, [&] { stopped = true; });
    while (!stopped) {
      if (routes_mu.try_lock_shared_for(1ms)) {
        auto it = routes.find(1);
        if (it != routes.end()) assert(it->second >= 10);
        routes_mu.unlock_shared();
        lookups++;
      }
      std::this_thread::sleep_for(1ms);
    }
  });
  for (int v = 10; v < 13; ++v) {
    std::unique_lock<std::shared_timed_mutex> l(routes_mu);
    routes[1] = v;
    routes[v] = 1;
  }
  std::this_thread::sleep_for(5ms);
  reader.request_stop();
  reader.join();
  std::printf("ok lookups=%d\n", lookups.load());
  assert(lookups > 0);
}
