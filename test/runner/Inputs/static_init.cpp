// A C++ program whose static initializers run instrumented code (before
// main: a fork server runs them once, an exec'd run each time) and whose
// main has an order violation that fails in some runs: main checks that
// the worker has not yet written both halves of a pair.
#include <cassert>
#include <pthread.h>
#include <vector>

static std::vector<int> make_table() {
  std::vector<int> t;
  for (int i = 0; i < 64; ++i)
    t.push_back(i * i);
  return t;
}
std::vector<int> table = make_table(); // instrumented, before main
int first, second;

static void *worker(void *) {
  first = 9;
  second = 16;
  return nullptr;
}

int main() {
  pthread_t t;
  pthread_create(&t, nullptr, worker, nullptr);
  int a = first;
  int b = second;
  assert(!(a == 9 && b == 16) && "worker finished before main looked");
  assert(table[8] == 64);
  pthread_join(t, nullptr);
  return 0;
}
