// A lock-poll loop beside a thread that spins with yields: main polls a
// flag under a mutex until a worker, which needs the mutex once, sets it;
// a third thread yields until main sets `stop`. Natively 1000 of 1000
// runs pass. In the fair phase main, blocked at its poll, was picked
// beside the spinner while it held the mutex, and its block ended there:
// the worker, enabled again at main's unlock, never ran before main locked
// again (PCT: 17 of 200 runs reported a livelock).
#include <atomic>
#include <cassert>
#include <mutex>
#include <thread>

static std::mutex Mu;
static int Done = 0; // guarded by Mu
static std::atomic<bool> Stop{false};

int main() {
  std::thread Spinner([] {
    while (!Stop.load())
      std::this_thread::yield();
  });
  std::thread Worker([] {
    std::lock_guard<std::mutex> G(Mu);
    Done = 1;
  });
  for (;;) {
    std::lock_guard<std::mutex> G(Mu);
    if (Done)
      break;
  }
  Stop.store(true);
  Worker.join();
  Spinner.join();
  assert(Done == 1);
  return 0;
}
