// The cases of a Catch2 v2 binary for `schedsan run --catch2` (its main is
// catch2_main.cpp): test names with spaces, a comma and brackets
// (characters Catch2's test specs treat specially); a passing case and a
// lost update that REQUIRE catches.
#include <catch2/catch.hpp>

#include <thread>

namespace {

volatile int Counter; // volatile: the read and the write stay two points

void bump() {
  int V = Counter;
  Counter = V + 1;
}

void bumpThrice() {
  for (int I = 0; I < 3; ++I)
    bump();
}

} // namespace

TEST_CASE("counter, one thread", "[counter]") {
  Counter = 0;
  bump();
  bump();
  REQUIRE(Counter == 2);
}

TEST_CASE("counter [two threads], racy", "[counter]") {
  Counter = 0;
  std::thread A(bumpThrice), B(bumpThrice);
  A.join();
  B.join();
  REQUIRE(Counter == 6);
}
