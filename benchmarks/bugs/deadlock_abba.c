// Bug: ABBA deadlock: `transfer` locks the source account, then the
//        destination; two transfers in opposite directions take the two
//        locks in opposite orders.
// Depth: 2 (thread 1 must take lock A before thread 2 takes A, and thread 2
//        must take lock B before thread 1 does: one preemption of the first
//        thread between its two lock calls).
// Threads: 3 (main, two transfers).
// Manifests: deadlock (every live thread blocked), reported by schedsan;
//        natively the program hangs.
#include <pthread.h>
#include <stdio.h>

struct account {
  pthread_mutex_t lock;
  long balance;
};

static struct account a = {PTHREAD_MUTEX_INITIALIZER, 100};
static struct account b = {PTHREAD_MUTEX_INITIALIZER, 100};

static void transfer(struct account *from, struct account *to, long amount) {
  pthread_mutex_lock(&from->lock);
  pthread_mutex_lock(&to->lock);
  from->balance -= amount;
  to->balance += amount;
  pthread_mutex_unlock(&to->lock);
  pthread_mutex_unlock(&from->lock);
}

static void *a_to_b(void *arg) {
  transfer(&a, &b, 10);
  return 0;
}

static void *b_to_a(void *arg) {
  transfer(&b, &a, 20);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a_to_b, 0);
  pthread_create(&t2, 0, b_to_a, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  printf("a=%ld b=%ld\n", a.balance, b.balance);
  return 0;
}
