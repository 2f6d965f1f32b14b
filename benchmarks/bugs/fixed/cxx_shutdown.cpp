// Fixed twin of ../cxx_shutdown.cpp: `close` wakes every waiting consumer
// (notify_all).
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
    cv_.notify_all();
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
