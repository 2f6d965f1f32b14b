// Busy-waiting on an atomic flag, on a plain volatile flag, with sched_yield
// and with a trylock loop terminates under every seed: the spinning thread
// gives way (polls count as yields, and after fair_after of them the fair
// scheduler runs the other threads whatever the strategy says), under
// every strategy.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 50 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=fair_after=8 %seeds 50 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=1 %seeds 50 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=3 %seeds 50 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 50 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=basic_pos %seeds 50 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=swarm %seeds 50 %t | FileCheck %s
// CHECK: 50 seeds passed
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

atomic_int a_flag;
volatile int v_flag;
int y_flag;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *setter(void *arg) {
  atomic_store(&a_flag, 1);
  v_flag = 1;
  __atomic_store_n(&y_flag, 1, __ATOMIC_RELAXED);
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_mutex_lock(&m);
  pthread_t t;
  pthread_create(&t, 0, setter, 0);
  while (!atomic_load(&a_flag)) {}
  while (!v_flag) {}
  while (!__atomic_load_n(&y_flag, __ATOMIC_RELAXED)) sched_yield();
  pthread_join(t, 0);
  return 0;
}
