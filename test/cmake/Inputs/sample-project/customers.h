// What every test of the sample does: two customers withdraw 60 each from
// an account of 100, at once, with Take; returns the balance left.
#ifndef CUSTOMERS_H
#define CUSTOMERS_H

#include "bank.h"

#include <thread>

inline long twoCustomers(bool (*Take)(struct account *, long)) {
  struct account A;
  account_init(&A, 100);
  std::thread T1([&] { Take(&A, 60); });
  std::thread T2([&] { Take(&A, 60); });
  T1.join();
  T2.join();
  return A.balance;
}

#endif
