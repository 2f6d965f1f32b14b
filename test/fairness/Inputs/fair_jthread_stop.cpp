// C++20: a std::jthread ticks (and yields) until its std::stop_token says
// stop; main waits (yielding) until it ticked 100 times, then requests the
// stop, and the jthread's destructor joins it. Build with -std=c++20.
#include <atomic>
#include <cassert>
#include <stop_token>
#include <thread>

constexpr long N = 100;

static std::atomic<long> ticks;

int main() {
  {
    std::jthread ticker([](std::stop_token st) {
      while (!st.stop_requested()) {
        ticks.fetch_add(1);
        std::this_thread::yield();
      }
    });
    while (ticks.load() < N)
      std::this_thread::yield();
    ticker.request_stop();
  }
  assert(ticks.load() >= N);
  return 0;
}
