// Bug: lost wakeup at shutdown in C++: a work queue's `close` wakes one
//        waiting consumer (notify_one) where every waiting consumer must
//        learn that the queue is closed (notify_all). With both consumers
//        asleep on the empty queue when it is closed, one of them sleeps
//        forever.
// Depth: 1 (main's close after both consumers began to wait. With main
//        below both consumers PCT needs no change point: each push wakes a
//        consumer that takes the job at once and waits again.)
// Threads: 3 (main as the producer of 3 jobs, two consumers; std::thread,
//        std::mutex, std::condition_variable, std::atomic).
// Manifests: deadlock: a consumer waits on the condition variable forever
//        and main waits to join it; natively the program hangs.
#include <atomic>
#include <cassert>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

class WorkQueue {
public:
  void push(int job) {
    {
      std::lock_guard<std::mutex> g(m_);
      jobs_.push_back(job);
    }
    cv_.notify_one();
  }
  void close() {
    {
      std::lock_guard<std::mutex> g(m_);
      closed_ = true;
    }
    cv_.notify_one(); // BUG: every waiting consumer must see `closed_`
  }
  // Returns false once the queue is closed and empty.
  bool pop(int &job) {
    std::unique_lock<std::mutex> l(m_);
    cv_.wait(l, [this] { return closed_ || !jobs_.empty(); });
    if (jobs_.empty())
      return false;
    job = jobs_.front();
    jobs_.pop_front();
    return true;
  }

private:
  std::mutex m_;
  std::condition_variable cv_;
  std::deque<int> jobs_;
  bool closed_ = false;
};

static WorkQueue queue;
static std::atomic<int> done{0};
static std::atomic<long> sum{0};

int main() {
  std::vector<std::thread> consumers;
  for (int i = 0; i < 2; ++i)
    consumers.emplace_back([] {
      int job;
      while (queue.pop(job)) {
        sum.fetch_add(job);
        done.fetch_add(1);
      }
    });
  for (int j = 1; j <= 3; ++j)
    queue.push(j);
  queue.close();
  for (auto &t : consumers)
    t.join();
  assert(done.load() == 3 && sum.load() == 6);
  std::printf("done=%d sum=%ld\n", done.load(), sum.load());
  return 0;
}
