// Catch2 v2 test cases with <schedsan/check.h>: ordinary ctest tests
// (catch_discover_tests).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "bank.h"

#include <cassert>
#include <schedsan/check.h>
#include <thread>

namespace {

void twoCustomers(bool (*Take)(struct account *, long)) {
  struct account A;
  account_init(&A, 100);
  std::thread T1([&] { Take(&A, 60); });
  std::thread T2([&] { Take(&A, 60); });
  T1.join();
  T2.join();
  assert(A.balance >= 0);
}

} // namespace

TEST_CASE("withdraw under the lock") {
  SCHEDSAN_EXPECT_NO_BUG([] { twoCustomers(withdraw); });
}

TEST_CASE("withdraw checked early") {
  SCHEDSAN_EXPECT_NO_BUG([] { twoCustomers(withdraw_checked_early); });
}
