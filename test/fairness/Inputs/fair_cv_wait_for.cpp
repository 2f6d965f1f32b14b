// std::condition_variable::wait_for(1 ms) retried while the predicate is
// false: a producer hands 50 values to a consumer through a one-slot
// mailbox (std::thread, std::mutex, std::unique_lock).
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

constexpr int Rounds = 50;

static std::mutex m;
static std::condition_variable cv;
static int slot;

int main() {
  using namespace std::chrono_literals;
  long sum = 0;
  std::thread consumer([&] {
    for (int i = 1; i <= Rounds; i++) {
      std::unique_lock<std::mutex> lk(m);
      while (slot == 0)
        cv.wait_for(lk, 1ms);
      assert(slot == i);
      sum += slot;
      slot = 0;
      cv.notify_all();
    }
  });
  std::thread producer([] {
    for (int i = 1; i <= Rounds; i++) {
      std::unique_lock<std::mutex> lk(m);
      while (slot != 0)
        cv.wait_for(lk, 1ms);
      slot = i;
      cv.notify_all();
    }
  });
  producer.join();
  consumer.join();
  assert(sum == Rounds * (Rounds + 1) / 2);
  return 0;
}
