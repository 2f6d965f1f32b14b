// Fixed twin of ../check_then_act.c: the check and the subtraction happen
// under the account's lock, so a withdrawal that no longer fits is refused.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static int balance = 100;
static pthread_mutex_t account_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static int log_entries;

static void audit(const char *who, int amount) {
  pthread_mutex_lock(&log_lock);
  ++log_entries;
  pthread_mutex_unlock(&log_lock);
  (void)who;
  (void)amount;
}

static int withdraw(const char *who, int amount) {
  int ok = 0;
  pthread_mutex_lock(&account_lock);
  if (balance >= amount) {
    audit(who, amount);
    balance -= amount;
    assert(balance >= 0 && "balance went negative: check-then-act race");
    ok = 1;
  }
  pthread_mutex_unlock(&account_lock);
  return ok;
}

static void *teller(void *arg) {
  withdraw(arg, 60);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, teller, "A");
  pthread_create(&b, 0, teller, "B");
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(balance == 40 && log_entries == 1);
  printf("balance=%d log=%d\n", balance, log_entries);
  return 0;
}
