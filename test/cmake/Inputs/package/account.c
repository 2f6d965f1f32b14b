#include "account.h"
#include <pthread.h>
#include <sched.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int total;

void deposit_unlocked(int amount) {
  int t = total;
  sched_yield(); // another thread may deposit here: its update is lost
  total = t + amount;
}

void deposit(int amount) {
  pthread_mutex_lock(&lock);
  deposit_unlocked(amount);
  pthread_mutex_unlock(&lock);
}

int balance(void) {
  pthread_mutex_lock(&lock);
  int b = total;
  pthread_mutex_unlock(&lock);
  return b;
}
