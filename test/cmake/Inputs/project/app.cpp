// Executable of the example project: two threads, both libraries.
#include "counter.h"
#include "greet.h"
#include <cstdio>
#include <thread>

// Defined by the schedsan runtime (empty) or by the default-strategy object
// that -fsanitize-schedule=<strategy> links; absent without schedsan.
extern "C" __attribute__((weak)) const char __schedsan_default_strategy[];

int main() {
  std::thread a([] { for (int i = 0; i < 10; ++i) counter_add(1); });
  std::thread b([] { for (int i = 0; i < 10; ++i) counter_add(2); });
  a.join();
  b.join();
  std::printf("%s strategy=%s\n", greeting(counter_get()).c_str(),
              __schedsan_default_strategy ? __schedsan_default_strategy
                                          : "(no schedsan)");
  return 0;
}
