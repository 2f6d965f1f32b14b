// std::async fan-out, an exception carried by a future, a std::shared_future
// start signal for three threads whose results come back through
// std::promise (polled with wait_for, as a UI loop would), and a deferred
// task. Correct: every value crosses threads through a future.
#include <cassert>
#include <chrono>
#include <cstdio>
#include <future>
#include <numeric>
#include <stdexcept>
#include <thread>
#include <vector>

static int parse(int x) {
  if (x < 0) throw std::invalid_argument("negative");
  return x * 2;
}

int main() {
  // fan-out with std::async
  std::vector<std::future<int>> parts;
  for (int i = 0; i < 3; ++i)
    parts.push_back(std::async(std::launch::async, [i] {
      std::vector<int> v(10);
      std::iota(v.begin(), v.end(), i * 10);
      return std::accumulate(v.begin(), v.end(), 0);
    }));
  int total = 0;
  for (auto &f : parts) total += f.get();
  assert(total == 435);

  // exceptions through futures
  auto bad = std::async(std::launch::async, parse, -1);
  bool threw = false;
  try { bad.get(); } catch (const std::invalid_argument &) { threw = true; }
  assert(threw);

  // a start signal shared by several threads (shared_future), results via promises
  std::promise<void> go;
  std::shared_future<void> start = go.get_future().share();
  std::vector<std::promise<int>> outs(3);
  std::vector<std::future<int>> res;
  std::vector<std::thread> ts;
  for (int i = 0; i < 3; ++i) {
    res.push_back(outs[i].get_future());
    ts.emplace_back([&, i] {
      start.wait();
      outs[i].set_value(parse(i + 1));
    });
  }
  go.set_value();
  int s = 0;
  for (auto &f : res) {
    // poll with a timeout, as a UI loop would
    while (f.wait_for(std::chrono::milliseconds(5)) != std::future_status::ready) {}
    s += f.get();
  }
  for (auto &t : ts) t.join();
  assert(s == 12);

  // deferred
  auto d = std::async(std::launch::deferred, [] { return 7; });
  assert(d.get() == 7);
  std::printf("ok %d %d\n", total, s);
}
