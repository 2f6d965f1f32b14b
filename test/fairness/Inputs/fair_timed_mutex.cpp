// std::timed_mutex::try_lock_for(1 ms) retried until it succeeds: three
// threads add to a counter 100 times each.
#include <cassert>
#include <chrono>
#include <mutex>
#include <thread>

constexpr int Threads = 3, Rounds = 100;

static std::timed_mutex m;
static long counter;

int main() {
  using namespace std::chrono_literals;
  std::thread t[Threads];
  for (auto &th : t)
    th = std::thread([] {
      for (int i = 0; i < Rounds; i++) {
        while (!m.try_lock_for(1ms)) {
        }
        counter++;
        m.unlock();
      }
    });
  for (auto &th : t)
    th.join();
  assert(counter == Threads * Rounds);
  return 0;
}
