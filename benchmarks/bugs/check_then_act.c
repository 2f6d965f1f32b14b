// Bug: atomicity violation (check-then-act): two tellers withdraw from one
//        account; each checks the balance, logs the withdrawal, then
//        subtracts, without holding a lock across the check and the act.
// Depth: 2 (teller A's check must come before teller B's subtraction, and
//        B's subtraction before A's: one preemption of A between its check
//        and its act).
// Threads: 3 (main, two tellers).
// Manifests: the assertion in `withdraw` fails ("balance went negative")
//        when both tellers passed the check on a balance that covers only
//        one withdrawal; otherwise the program prints the final balance.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static int balance = 100;
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
  if (balance >= amount) { // check
    audit(who, amount);
    balance -= amount; // act: the balance may have changed since the check
    assert(balance >= 0 && "balance went negative: check-then-act race");
    return 1;
  }
  return 0;
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
  printf("balance=%d log=%d\n", balance, log_entries);
  return 0;
}
