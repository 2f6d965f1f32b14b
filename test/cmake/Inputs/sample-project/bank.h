// A bank account shared by threads: the library under test.
#ifndef BANK_H
#define BANK_H

#include <pthread.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

struct account {
  pthread_mutex_t lock;
  long balance;
};

void account_init(struct account *a, long balance);
// Takes v if the balance covers it, checking and taking under the lock.
bool withdraw(struct account *a, long v);
// The same with the check outside the lock: two threads can both pass the
// check, and the balance goes negative.
bool withdraw_checked_early(struct account *a, long v);

#ifdef __cplusplus
}
#endif

#endif
