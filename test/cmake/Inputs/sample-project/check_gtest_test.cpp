// GoogleTest cases that run their bodies under many schedules themselves,
// with <schedsan/check.h>: ordinary ctest tests (gtest_discover_tests).
#include "customers.h"

#include <gtest/gtest.h>

#include <schedsan/check.h>

TEST(BankCheck, WithdrawUnderTheLock) {
  SCHEDSAN_EXPECT_NO_BUG([] { EXPECT_EQ(twoCustomers(withdraw), 40); });
}

TEST(BankCheck, WithdrawCheckedEarly) {
  SCHEDSAN_EXPECT_NO_BUG(
      [] { EXPECT_GE(twoCustomers(withdraw_checked_early), 0); });
}
