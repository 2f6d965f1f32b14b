// C++ spin lock with std::atomic<bool>::compare_exchange_weak, no yield:
// three std::threads add to a counter 100 times each.
#include <atomic>
#include <cassert>
#include <thread>

constexpr int Threads = 3, Rounds = 100;

class SpinLock {
  std::atomic<bool> held{false};

public:
  void lock() {
    bool expected = false;
    while (!held.compare_exchange_weak(expected, true,
                                       std::memory_order_acquire,
                                       std::memory_order_relaxed))
      expected = false;
  }
  void unlock() { held.store(false, std::memory_order_release); }
};

static SpinLock lk;
static long counter;

int main() {
  std::thread t[Threads];
  for (auto &th : t)
    th = std::thread([] {
      for (int i = 0; i < Rounds; i++) {
        lk.lock();
        counter++;
        lk.unlock();
      }
    });
  for (auto &th : t)
    th.join();
  assert(counter == Threads * Rounds);
  return 0;
}
