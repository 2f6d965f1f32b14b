// Catch2 v2 test cases with <schedsan/check.h>: ordinary ctest tests
// (catch_discover_tests). Inside a check's body, assert() or REQUIRE (not
// CHECK) fails the run.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "customers.h"

#include <cassert>

#include <schedsan/check.h>

TEST_CASE("withdraw under the lock") {
  SCHEDSAN_EXPECT_NO_BUG([] { assert(twoCustomers(withdraw) == 40); });
}

TEST_CASE("withdraw checked early") {
  SCHEDSAN_EXPECT_NO_BUG(
      [] { assert(twoCustomers(withdraw_checked_early) >= 0); });
}
