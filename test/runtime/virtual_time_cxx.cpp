// libstdc++ reads the virtual clock too (clock_gettime is exported to it):
// std::this_thread::sleep_for(3 s) and a condition_variable::wait_for(2 s)
// that times out move steady_clock and system_clock by exactly 5 s, and
// the run takes no real time for it (it is killed after 20 s).
// RUN: %schedsan_cxx -g -O1 %s -o %t
// RUN: timeout 20 %t | FileCheck %s
// CHECK: steady 5.000 system 5.000
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

int main() {
  using namespace std::chrono;
  auto t0 = steady_clock::now();
  auto s0 = system_clock::now();
  std::this_thread::sleep_for(seconds(3));
  std::mutex m;
  std::condition_variable cv;
  std::unique_lock<std::mutex> l(m);
  cv.wait_for(l, seconds(2));
  auto t1 = steady_clock::now();
  auto s1 = system_clock::now();
  std::printf("steady %.3f system %.3f\n",
              duration<double>(t1 - t0).count(),
              duration<double>(s1 - s0).count());
}
