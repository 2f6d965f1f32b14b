// pthread_once and std::call_once: the once word is the truth. A new
// pthread_once_t where an earlier one was (a local in a function called
// twice, a freed and reused block, every std::promise a program makes in a
// loop: its shared state's call_once) runs its initializer again; an
// initializer that throws leaves the once to the next caller, on any
// thread, even after the thrower has ended. No report for 30 seeds each.
// RUN: %schedsan_cxx -g -O1 %s -o %t
// RUN: %seeds 30 %t local | FileCheck %s
// RUN: %seeds 30 %t reused | FileCheck %s
// RUN: %seeds 30 %t promises | FileCheck %s
// RUN: %seeds 30 %t thrown | FileCheck %s
// CHECK: 30 seeds passed
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <future>
#include <mutex>
#include <pthread.h>
#include <stdexcept>
#include <thread>

static std::atomic<int> calls; // initializers of two threads may overlap
static void count() { ++calls; }

static void onceOnLocal() {
  pthread_once_t Once = PTHREAD_ONCE_INIT;
  pthread_once(&Once, count);
}

struct Block {
  pthread_once_t once;
  char pad[56];
};

static int attempts;
static int openResource() {
  if (++attempts == 1)
    throw std::runtime_error("not yet");
  return 42;
}

int main(int argc, char **argv) {
  const char *Mode = argc > 1 ? argv[1] : "";
  if (!strcmp(Mode, "local")) {
    std::thread T(onceOnLocal);
    onceOnLocal();
    onceOnLocal(); // the same address as the call before
    T.join();
    if (calls != 3) {
      std::printf("calls=%d, want 3\n", calls.load());
      return 1;
    }
  } else if (!strcmp(Mode, "reused")) {
    for (int I = 0; I < 3; ++I) {
      Block *B = static_cast<Block *>(std::malloc(sizeof(Block)));
      B->once = PTHREAD_ONCE_INIT;
      std::thread T([B] { pthread_once(&B->once, count); });
      pthread_once(&B->once, count);
      T.join();
      std::free(B);
    }
    if (calls != 3) {
      std::printf("calls=%d, want 3\n", calls.load());
      return 1;
    }
  } else if (!strcmp(Mode, "promises")) {
    for (int I = 0; I < 3; ++I) {
      std::promise<int> P;
      std::future<int> F = P.get_future();
      std::thread T([&P, I] { P.set_value(I); });
      if (F.get() != I)
        return 1;
      T.join();
    }
  } else if (!strcmp(Mode, "thrown")) {
    std::once_flag Flag;
    int A = 0, B = 0;
    auto Get = [&Flag](int &Out) {
      try {
        std::call_once(Flag, [&Out] { Out = openResource(); });
      } catch (const std::exception &) {
        Out = -1;
      }
    };
    std::thread T([&] { Get(A); });
    T.join();
    Get(B);
    if (A != -1 || B != 42 || attempts != 2) {
      std::printf("a=%d b=%d attempts=%d\n", A, B, attempts);
      return 1;
    }
  } else {
    return 2;
  }
  return 0;
}
