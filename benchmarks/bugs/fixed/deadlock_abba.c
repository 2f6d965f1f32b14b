// Fixed twin of ../deadlock_abba.c: `transfer` takes the two locks in one
// global order (by address), whatever the direction of the transfer.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

struct account {
  pthread_mutex_t lock;
  long balance;
};

static struct account a = {PTHREAD_MUTEX_INITIALIZER, 100};
static struct account b = {PTHREAD_MUTEX_INITIALIZER, 100};

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
  assert(a.balance == 110 && b.balance == 90);
  printf("a=%ld b=%ld\n", a.balance, b.balance);
  return 0;
}
