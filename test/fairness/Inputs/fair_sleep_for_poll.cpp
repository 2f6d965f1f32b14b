// Retry with a sleep in C++: two threads poll an atomic flag with
// std::this_thread::sleep_for(1 ms) between reads; the setter adds to a
// counter 100 times under a std::mutex, then sets the flag.
#include <atomic>
#include <cassert>
#include <chrono>
#include <mutex>
#include <thread>

constexpr int Rounds = 100;

static std::mutex m;
static std::atomic<bool> flag{false};
static long counter;

int main() {
  using namespace std::chrono_literals;
  auto poll = [] {
    while (!flag.load())
      std::this_thread::sleep_for(1ms);
    std::lock_guard<std::mutex> g(m);
    assert(counter == Rounds);
  };
  std::thread a(poll), b(poll);
  std::thread s([] {
    for (int i = 0; i < Rounds; i++) {
      std::lock_guard<std::mutex> g(m);
      counter++;
    }
    flag.store(true);
  });
  s.join();
  a.join();
  b.join();
  return 0;
}
