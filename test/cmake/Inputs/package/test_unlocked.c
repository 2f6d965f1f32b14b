// argv[1] threads each call deposit_unlocked(1); the balance must be argv[1].
#include "account.h"
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static void *depositor(void *arg) {
  (void)arg;
  deposit_unlocked(1);
  return 0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2;
  pthread_t t[8];
  if (n < 1 || n > 8)
    return 2;
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, depositor, 0);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], 0);
  assert(balance() == n);
  return 0;
}
