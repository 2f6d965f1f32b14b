// C++: std::thread, std::mutex, std::shared_mutex, std::condition_variable
// (whose wait is inside libstdc++), std::atomic, call_once, thread_local,
// and exceptions thrown and caught inside threads work without changes;
// no report for 200 seeds.
// RUN: %schedsan_cxx -g -O1 %s -o %t
// RUN: %seeds 200 %t | FileCheck %s
// CHECK: 200 seeds passed
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <shared_mutex>
#include <stdexcept>
#include <thread>
#include <vector>

std::mutex m;
std::shared_mutex sm;
std::condition_variable cv;
std::once_flag once;
std::atomic<int> inits{0}, caught{0};
thread_local int tls_counter = 0;
int queue_items = 0, consumed = 0, shared_value = 0;
bool done = false;

int main() {
  std::vector<std::thread> ts;
  for (int p = 0; p < 2; ++p)
    ts.emplace_back([] {
      for (int i = 0; i < 3; ++i) {
        {
          std::lock_guard<std::mutex> g(m);
          ++queue_items;
        }
        cv.notify_one();
        ++tls_counter;
      }
      std::call_once(once, [] { ++inits; });
      try {
        throw std::runtime_error("inside a thread");
      } catch (const std::exception &) {
        ++caught;
      }
      if (tls_counter != 3)
        std::abort();
    });
  ts.emplace_back([] {
    std::unique_lock<std::mutex> l(m);
    while (consumed < 6) {
      cv.wait(l, [] { return queue_items > 0; });
      --queue_items;
      ++consumed;
    }
  });
  for (int r = 0; r < 2; ++r)
    ts.emplace_back([] {
      for (int i = 0; i < 2; ++i) {
        { std::unique_lock<std::shared_mutex> w(sm); ++shared_value; }
        { std::shared_lock<std::shared_mutex> rd(sm); (void)shared_value; }
      }
    });
  for (auto &t : ts)
    t.join();
  if (inits != 1 || caught != 2 || consumed != 6 || shared_value != 4) {
    std::printf("inits %d caught %d consumed %d shared %d\n", inits.load(),
                caught.load(), consumed, shared_value);
    return 1;
  }
  return 0;
}
