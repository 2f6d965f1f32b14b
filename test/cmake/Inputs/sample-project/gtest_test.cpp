// GoogleTest cases that start threads themselves: `schedsan run --gtest`
// (schedsan_discover_tests) runs each case under many schedules.
#include "bank.h"

#include <gtest/gtest.h>
#include <thread>

namespace {

long twoCustomers(bool (*Take)(struct account *, long)) {
  struct account A;
  account_init(&A, 100);
  std::thread T1([&] { Take(&A, 60); });
  std::thread T2([&] { Take(&A, 60); });
  T1.join();
  T2.join();
  return A.balance;
}

} // namespace

TEST(Bank, WithdrawUnderTheLock) { EXPECT_EQ(twoCustomers(withdraw), 40); }

TEST(Bank, WithdrawCheckedEarly) {
  EXPECT_GE(twoCustomers(withdraw_checked_early), 0);
}
