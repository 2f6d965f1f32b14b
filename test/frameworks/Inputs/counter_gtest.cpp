// A GoogleTest binary for `schedsan run --gtest`: a passing case, a case
// with a lost update that EXPECT_EQ catches (two threads each read the
// counter, then write it back plus one), its fixed twin under a mutex, a
// parameterized test and a typed test (both correct).
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <thread>

namespace {

volatile int Counter; // volatile: the read and the write stay two points
std::mutex Lock;

void bump() {
  int V = Counter;
  Counter = V + 1;
}

void bumpThrice() {
  for (int I = 0; I < 3; ++I)
    bump();
}

void lockedBump() {
  std::lock_guard<std::mutex> G(Lock);
  bump();
}

} // namespace

TEST(Counter, Single) {
  Counter = 0;
  bump();
  bump();
  EXPECT_EQ(Counter, 2);
}

TEST(Counter, Racy) {
  Counter = 0;
  std::thread A(bumpThrice), B(bumpThrice);
  A.join();
  B.join();
  EXPECT_EQ(Counter, 6) << "lost update";
}

TEST(Counter, Locked) {
  Counter = 0;
  std::thread A(lockedBump), B(lockedBump);
  A.join();
  B.join();
  EXPECT_EQ(Counter, 2);
}

TEST(Counter, DISABLED_Slow) { EXPECT_EQ(Counter, -1); }

class Threads : public ::testing::TestWithParam<int> {};

TEST_P(Threads, LockedSum) {
  Counter = 0;
  std::vector<std::thread> Ts;
  for (int I = 0; I < GetParam(); ++I)
    Ts.emplace_back(lockedBump);
  for (std::thread &T : Ts)
    T.join();
  EXPECT_EQ(Counter, GetParam());
}

INSTANTIATE_TEST_SUITE_P(Few, Threads, ::testing::Values(1, 3));

template <typename T> class AtomicAdd : public ::testing::Test {};
using Ints = ::testing::Types<int, long>;
TYPED_TEST_SUITE(AtomicAdd, Ints);

TYPED_TEST(AtomicAdd, TwoThreads) {
  std::atomic<TypeParam> N{0};
  auto Add = [&N] { N.fetch_add(1); };
  std::thread A(Add), B(Add);
  A.join();
  B.join();
  EXPECT_EQ(N.load(), 2);
}
