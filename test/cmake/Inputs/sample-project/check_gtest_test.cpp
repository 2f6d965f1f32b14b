// GoogleTest cases that run their bodies under many schedules themselves,
// with <schedsan/check.h>: ordinary ctest tests (gtest_discover_tests).
#include "bank.h"

#include <gtest/gtest.h>

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
  EXPECT_GE(A.balance, 0);
}

} // namespace

TEST(BankCheck, WithdrawUnderTheLock) {
  SCHEDSAN_EXPECT_NO_BUG([] { twoCustomers(withdraw); });
}

TEST(BankCheck, WithdrawCheckedEarly) {
  SCHEDSAN_EXPECT_NO_BUG([] { twoCustomers(withdraw_checked_early); });
}
