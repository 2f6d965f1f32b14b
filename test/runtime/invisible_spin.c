// A spin lock the scheduler cannot see (here compiled without scheduling
// points, like Concurrency Kit's inline-assembly atomics) stalls a run:
// the thread that spins never reaches a scheduling point while the holder
// waits its turn. The watchdog releases the spinner; once it has, the run
// is not exactly replayable anyway and it acts after 10 ms instead of
// watchdog_ms, and released threads waiting to come back count as others
// that can run. Two threads contending for such a lock (main waits in
// join) finish, every run.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %bindir/schedsan run --count -n 5 --timeout 30 -o watchdog_ms=200 --strategy pct -- %t | FileCheck %s
// RUN: %bindir/schedsan run --count -n 5 --timeout 30 -o watchdog_ms=200 --strategy random -- %t | FileCheck %s
// CHECK: result    5 passed, 0 failed, 0 timed out
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_uint next_ticket, now_serving;
static int counter;

// A ticket lock: first come, first served, so the spinner may wait for a
// thread that the watchdog let go and that now waits to come back.
__attribute__((annotate("schedsan_ignore"))) static void acquire(void) {
  unsigned my = atomic_fetch_add_explicit(&next_ticket, 1,
                                          memory_order_relaxed);
  while (atomic_load_explicit(&now_serving, memory_order_acquire) != my)
    ;
}

__attribute__((annotate("schedsan_ignore"))) static void release(void) {
  atomic_store_explicit(&now_serving,
                        atomic_load_explicit(&now_serving,
                                             memory_order_relaxed) + 1,
                        memory_order_release);
}

static void *worker(void *arg) {
  for (int i = 0; i < 20; ++i) {
    acquire();
    counter++; // a scheduling point while the lock is held
    release();
  }
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  assert(counter == 40);
  return 0;
}
