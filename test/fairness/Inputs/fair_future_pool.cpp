// A work-queue thread pool whose submit returns a std::future (through a
// std::packaged_task, whose shared state uses std::call_once), started and
// stopped three times: each round's promises are allocated where the last
// round's were freed. Correct: every job is taken under the pool's mutex,
// and the results come back through the futures.
#include <cassert>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

class ThreadPool {
public:
  explicit ThreadPool(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      workers_.emplace_back([this] { loop(); });
  }
  ~ThreadPool() { shutdown(); }

  template <class F> auto submit(F f) -> std::future<decltype(f())> {
    auto task = std::make_shared<std::packaged_task<decltype(f())()>>(std::move(f));
    auto fut = task->get_future();
    {
      std::lock_guard<std::mutex> lk(mu_);
      assert(!stopping_ && "submit after shutdown");
      q_.emplace_back([task] { (*task)(); });
    }
    cv_.notify_one();
    return fut;
  }

  void shutdown() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (stopping_) return;
      stopping_ = true;
    }
    cv_.notify_all();
    for (auto &t : workers_) t.join();
    workers_.clear();
  }

  size_t executed() const { std::lock_guard<std::mutex> lk(mu_); return executed_; }

private:
  void loop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait(lk, [this] { return stopping_ || !q_.empty(); });
        if (q_.empty()) return;  // stopping and drained
        job = std::move(q_.front());
        q_.pop_front();
      }
      job();
      std::lock_guard<std::mutex> lk(mu_);
      ++executed_;
    }
  }

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> q_;
  std::vector<std::thread> workers_;
  bool stopping_ = false;
  size_t executed_ = 0;
};

int main() {
  long total = 0;
  for (int round = 0; round < 3; ++round) {
    ThreadPool pool(2 + round % 2);
    std::vector<std::future<int>> fs;
    for (int i = 0; i < 4; ++i)
      fs.push_back(pool.submit([i, round] { return i * 10 + round; }));
    int sum = 0;
    for (auto &f : fs) sum += f.get();
    assert(sum == 60 + 4 * round);
    pool.shutdown();
    assert(pool.executed() == 4);
    total += sum;
  }
  std::printf("total %ld\n", total);
  assert(total == 192);
  return 0;
}
