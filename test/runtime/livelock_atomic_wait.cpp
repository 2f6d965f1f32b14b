// A std::atomic<T>::wait that nobody notifies (natively a hang) ends as a
// livelock (a futex wait is a yield that the library re-checks), and the
// report names the program's wait, not the C++ library's header where the
// loop spins: the SUMMARY and the thread's location say this file and
// line, and no frame's name is cut off at the front.
// RUN: %schedsan_cxx -std=c++20 -g -O1 %s -o %t
// RUN: not env SCHEDSAN_OPTIONS=livelock_after=2000 %t 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: ERROR: ScheduleSanitizer: livelock
// CHECK: T1 (created by T0) running:
// CHECK-NEXT: at {{.*}}livelock_atomic_wait.cpp:[[@LINE+9]]:{{[0-9]+}} in
// CHECK-NOT: {{ in (omic|mic|ic|c)_base<}}
// CHECK: SUMMARY: ScheduleSanitizer: livelock {{.*}}livelock_atomic_wait.cpp:[[@LINE+7]]:{{[0-9]+}} in
#include <atomic>
#include <thread>

std::atomic<int> word{0};
int main() {
  std::thread t([] {
    word.wait(0); // never notified
  });
  t.join();
}
