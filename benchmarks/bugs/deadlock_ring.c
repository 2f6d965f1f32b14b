// Bug: multi-lock deadlock (a cycle of three locks): three clerks move money
//        around a ring of accounts, A -> B, B -> C, C -> A; `transfer` locks
//        the source, then the destination, so the lock order has a cycle.
// Depth: 3 (three ordering constraints: each clerk's first lock before the
//        previous clerk's second lock). PCT also finds it with d = 2, less
//        often: a clerk that blocks on its second lock lets the next one
//        run, so one change point (the first clerk preempted between its two
//        locks) suffices when the clerks' priorities follow the ring.
// Threads: 4 (main, three clerks).
// Manifests: deadlock (all three clerks wait for a lock held by the next
//        one, main waits to join), reported by schedsan; natively it hangs.
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
  pthread_mutex_lock(&from->lock);
  pthread_mutex_lock(&to->lock);
  from->balance -= amount;
  to->balance += amount;
  pthread_mutex_unlock(&to->lock);
  pthread_mutex_unlock(&from->lock);
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
  printf("%ld %ld %ld\n", acct[0].balance, acct[1].balance, acct[2].balance);
  return 0;
}
