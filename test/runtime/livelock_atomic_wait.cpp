// A std::atomic<T>::wait that nobody notifies (natively a hang) ends as a
// livelock (a futex wait is a yield that the library re-checks), and the
// report names the program's wait, not the C++ library's header where the
// loop spins: the SUMMARY and the thread's location say this file and
// line, and the stack's first frame is the program's (the library's seven
// inlined frames, with names of up to 500 characters, used to fill the
// symbolizer's buffer and be read on into stale text, as frames with
// names cut off at the front).
// RUN: %schedsan_cxx -std=c++20 -g -O1 %s -o %t
// RUN: not env SCHEDSAN_OPTIONS=livelock_after=2000 %t 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: ERROR: ScheduleSanitizer: livelock
// CHECK: T1 (created by T0) running:
// CHECK-NEXT: at {{.*}}livelock_atomic_wait.cpp:[[@LINE+10]]:{{[0-9]+}} in
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} in main::$_0::operator()() const {{.*}}livelock_atomic_wait.cpp:[[@LINE+9]]
// CHECK-NEXT: in the C++ standard library: std::__atomic_base<int>::load
// CHECK: SUMMARY: ScheduleSanitizer: livelock {{.*}}livelock_atomic_wait.cpp:[[@LINE+7]]:{{[0-9]+}} in main::$_0::operator()() const
#include <atomic>
#include <thread>

std::atomic<int> word{0};
int main() {
  std::thread t([] {
    word.wait(0); // never notified
  });
  t.join();
}
