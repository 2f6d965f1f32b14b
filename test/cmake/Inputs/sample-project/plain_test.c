// A plain test program: two threads withdraw 60 each from 100, with the
// function argv[1] names ("withdraw" or "early"); the balance must stay
// non-negative.
#include "bank.h"

#include <assert.h>
#include <string.h>

static struct account acct;
static bool (*take)(struct account *, long);

static void *customer(void *arg) {
  (void)arg;
  take(&acct, 60);
  return 0;
}

int main(int argc, char **argv) {
  take = argc > 1 && !strcmp(argv[1], "early") ? withdraw_checked_early
                                                : withdraw;
  account_init(&acct, 100);
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, customer, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  assert(acct.balance >= 0);
  return 0;
}
