// Two runs of one seed write the same schedule for a C++ program whose
// choices depend on addresses and on time: libstdc++'s std::barrier places
// each thread by the hash of its pthread_t (so the layout must not change:
// aslr=0 re-executes the program without randomization), and
// std::condition_variable::wait_for and std::this_thread::sleep_for read
// steady_clock (virtual time).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %schedsan_cxx -std=c++20 -g -O1 %s -o %t
// RUN: for s in 1 2 3 4 5 6 7 8; do for r in a b; do env SCHEDSAN_OPTIONS=strategy=pct:seed=$s:trace=%t.d/$s.$r %t || exit 1; done; cmp %t.d/$s.a %t.d/$s.b || exit 1; done
// RUN: for s in 1 2 3 4; do for r in a b; do env SCHEDSAN_OPTIONS=strategy=random:seed=$s:trace=%t.d/r$s.$r %t || exit 1; done; cmp %t.d/r$s.a %t.d/r$s.b || exit 1; done
//
// The program does not see the re-execution; aslr=1 keeps the layout random.
// RUN: env SCHEDSAN_OPTIONS=seed=1 %t env | FileCheck --check-prefix=ENV %s
// ENV: personality no-randomize
// ENV-NOT: SCHEDSAN_ASLR
// RUN: env SCHEDSAN_OPTIONS=seed=1:aslr=1 %t env | FileCheck --check-prefix=RANDOM %s
// RANDOM: personality randomize
#include <barrier>
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sys/personality.h>
#include <thread>
#include <vector>

extern char **environ;

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "env")) {
    std::printf("personality %s\n",
                personality(0xffffffff) & ADDR_NO_RANDOMIZE ? "no-randomize"
                                                             : "randomize");
    for (char **E = environ; *E; ++E)
      std::printf("%s\n", *E);
    return 0;
  }
  std::atomic<int> sum{0};
  std::mutex m;
  std::condition_variable cv;
  bool go = false;
  std::barrier b(3);
  std::vector<std::thread> ts;
  for (int i = 0; i < 3; i++)
    ts.emplace_back([&, i] {
      for (int r = 0; r < 5; r++) {
        sum += i;
        b.arrive_and_wait();
      }
      std::unique_lock<std::mutex> l(m);
      while (!go)
        cv.wait_for(l, std::chrono::milliseconds(1));
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  {
    std::lock_guard<std::mutex> l(m);
    go = true;
  }
  cv.notify_all();
  for (auto &t : ts)
    t.join();
  assert(sum == 15);
}
