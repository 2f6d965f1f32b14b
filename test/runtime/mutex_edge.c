// Edge cases of the mutex model: destroying a locked mutex fails with EBUSY
// and the model keeps its owner (a later lock by another thread waits for
// the unlock instead of hanging in the real lock); locking a null mutex is
// the crash it is natively, not a deadlock on "mutex 0x0".
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SEEDS_OPTIONS=watchdog_ms=0 %seeds 30 %t destroy | FileCheck --check-prefix=DESTROY %s
// DESTROY: 30 seeds passed
// RUN: for s in $(seq 1 30); do SCHEDSAN_OPTIONS=seed=$s:watchdog_ms=0 %t destroy; done | FileCheck --check-prefix=BUSY %s
// BUSY: destroy busy
// RUN: env SCHEDSAN_OPTIONS=seed=1 %t null > %t.out 2>&1; test $? = 66
// RUN: FileCheck --check-prefix=NULL %s < %t.out
// NULL: ERROR: ScheduleSanitizer: fatal signal
// NULL-NOT: waits for mutex 0x0
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
atomic_int locked;

void *holder(void *arg) {
  pthread_mutex_lock(&m);
  atomic_store(&locked, 1);
  for (int i = 0; i < 3; ++i)
    sched_yield();
  pthread_mutex_unlock(&m);
  return 0;
}

int main(int argc, char **argv) {
  pthread_t t;
  pthread_mutex_t other = PTHREAD_MUTEX_INITIALIZER;
  pthread_mutex_lock(&other); // the table has an entry
  pthread_mutex_unlock(&other);
  if (argc > 1 && !strcmp(argv[1], "null")) {
    pthread_mutex_t *volatile none = 0;
    pthread_mutex_lock(none);
    return 0;
  }
  pthread_create(&t, 0, holder, 0);
  while (!atomic_load(&locked))
    sched_yield();
  // EBUSY while the holder has it; 0 if it already unlocked.
  int r = pthread_mutex_destroy(&m);
  if (r != EBUSY && r != 0) {
    fprintf(stderr, "destroy returned %d\n", r);
    return 1;
  }
  if (r == 0)
    pthread_mutex_init(&m, 0);
  printf("destroy %s\n", r ? "busy" : "ok");
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
