// Fixed twin of ../deadlock_ring.c: `transfer` locks the lower-numbered
// account first, so the lock order is total and has no cycle.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#define ACCOUNTS 3

struct account {
  pthread_mutex_t lock;
  long balance;
};

static struct account acct[ACCOUNTS] = {
    {PTHREAD_MUTEX_INITIALIZER, 100},
    {PTHREAD_MUTEX_INITIALIZER, 100},
    {PTHREAD_MUTEX_INITIALIZER, 100},
};

static void transfer(struct account *from, struct account *to, long amount) {
  struct account *first = from < to ? from : to;
  struct account *second = from < to ? to : from;
  pthread_mutex_lock(&first->lock);
  pthread_mutex_lock(&second->lock);
  from->balance -= amount;
  to->balance += amount;
  pthread_mutex_unlock(&second->lock);
  pthread_mutex_unlock(&first->lock);
}

static void *clerk(void *arg) {
  long i = (long)arg;
  transfer(&acct[i], &acct[(i + 1) % ACCOUNTS], 10 * (i + 1));
  return 0;
}

int main(void) {
  pthread_t t[ACCOUNTS];
  for (long i = 0; i < ACCOUNTS; ++i)
    pthread_create(&t[i], 0, clerk, (void *)i);
  for (int i = 0; i < ACCOUNTS; ++i)
    pthread_join(t[i], 0);
  assert(acct[0].balance + acct[1].balance + acct[2].balance == 300);
  printf("%ld %ld %ld\n", acct[0].balance, acct[1].balance, acct[2].balance);
  return 0;
}
