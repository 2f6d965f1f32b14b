// Busy-waiting (no yield) on the elements of a std::vector<std::atomic<int>>:
// three workers each add up their share of 1..300 and then set their
// element; main spins over the elements until all are set, then checks the
// sums.
#include <atomic>
#include <cassert>
#include <thread>
#include <vector>

constexpr int Workers = 3, PerWorker = 100;

int main() {
  std::vector<std::atomic<int>> done(Workers);
  std::vector<long> sum(Workers);
  for (auto &d : done)
    d.store(0);
  std::vector<std::thread> t;
  for (int w = 0; w < Workers; w++)
    t.emplace_back([&, w] {
      for (int i = 1; i <= PerWorker; i++)
        sum[w] += w * PerWorker + i;
      done[w].store(1);
    });
  for (;;) {
    bool all = true;
    for (auto &d : done)
      all = all && d.load() == 1;
    if (all)
      break;
  }
  long total = 0;
  for (long s : sum)
    total += s;
  assert(total == (long)Workers * PerWorker * (Workers * PerWorker + 1) / 2);
  for (auto &th : t)
    th.join();
  return 0;
}
