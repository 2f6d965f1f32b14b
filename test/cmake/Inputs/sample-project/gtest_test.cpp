// GoogleTest cases that start threads themselves: `schedsan run --gtest`
// (schedsan_discover_tests) runs each case under many schedules.
#include "customers.h"

#include <gtest/gtest.h>

TEST(Bank, WithdrawUnderTheLock) { EXPECT_EQ(twoCustomers(withdraw), 40); }

TEST(Bank, WithdrawCheckedEarly) {
  EXPECT_GE(twoCustomers(withdraw_checked_early), 0);
}
