#include "bank.h"

void account_init(struct account *a, long balance) {
  pthread_mutex_init(&a->lock, 0);
  a->balance = balance;
}

bool withdraw(struct account *a, long v) {
  pthread_mutex_lock(&a->lock);
  bool ok = a->balance >= v;
  if (ok)
    a->balance -= v;
  pthread_mutex_unlock(&a->lock);
  return ok;
}

bool withdraw_checked_early(struct account *a, long v) {
  if (a->balance < v)
    return false;
  pthread_mutex_lock(&a->lock);
  a->balance -= v;
  pthread_mutex_unlock(&a->lock);
  return true;
}
