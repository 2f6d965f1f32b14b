// std::atomic<T>::wait/notify, which libstdc++ implements with raw futex
// system calls, works under control without the watchdog: a futex wait is
// a yield (a spurious wake-up the caller re-checks). 50 seeds.
// RUN: %schedsan_cxx -std=c++20 -g -O1 %s -o %t
// RUN: env SEEDS_OPTIONS=watchdog_ms=0 %seeds 50 %t | FileCheck %s
// CHECK: 50 seeds passed
#include <atomic>
#include <thread>

std::atomic<int> flag{0};
int main() {
  std::thread t([] {
    flag.wait(0);
    flag.store(2);
    flag.notify_one();
  });
  flag.store(1);
  flag.notify_one();
  flag.wait(1);
  t.join();
  return flag.load() == 2 ? 0 : 1;
}
