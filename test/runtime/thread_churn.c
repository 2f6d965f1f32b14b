// Hundreds of threads created and ending while others run (joinable and
// detached, threads that create threads) never hang the runtime and never
// run two at once (the runtime checks that a thread that wakes is the
// current one): 300 seeds under each strategy, through the fork server,
// with no failure and no timeout.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %bindir/schedsan run --count -n 300 --strategy pct --timeout 30 -- %t | FileCheck %s
// RUN: %bindir/schedsan run --count -n 300 --strategy random --timeout 30 -- %t | FileCheck %s
// RUN: %bindir/schedsan run --count -n 300 --strategy pos --timeout 30 -- %t | FileCheck %s
// RUN: %bindir/schedsan run --count -n 300 --strategy swarm --timeout 30 -- %t | FileCheck %s
// RUN: %bindir/schedsan run --count -n 100 --strategy pct --no-fork-server --timeout 30 -- %t | FileCheck --check-prefix=EXEC %s
// CHECK: result    300 passed, 0 failed, 0 timed out
// EXEC: result    100 passed, 0 failed, 0 timed out
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long total;
static atomic_int detached_done;

static void *leaf(void *arg) {
  pthread_mutex_lock(&m);
  total += (long)arg;
  pthread_mutex_unlock(&m);
  return 0;
}

static void *detached(void *arg) {
  leaf(arg);
  atomic_fetch_add(&detached_done, 1);
  return 0;
}

static void *parent(void *arg) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, leaf, (void *)1L);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  return 0;
}

int main(void) {
  pthread_attr_t detach;
  pthread_attr_init(&detach);
  pthread_attr_setdetachstate(&detach, PTHREAD_CREATE_DETACHED);
  for (int wave = 0; wave < 5; wave++) {
    pthread_t t[40];
    for (int i = 0; i < 40; i++) {
      if (i % 4 == 0) {
        pthread_t d;
        pthread_create(&d, &detach, detached, (void *)1L);
        t[i] = 0;
      } else {
        pthread_create(&t[i], 0, i % 4 == 1 ? parent : leaf, (void *)1L);
      }
    }
    for (int i = 0; i < 40; i++)
      if (t[i])
        pthread_join(t[i], 0);
  }
  while (atomic_load(&detached_done) < 50)
    sched_yield();
  pthread_mutex_lock(&m);
  long v = total;
  pthread_mutex_unlock(&m);
  assert(v == 5 * (10 * 3 + 20 + 10));
  return 0;
}
