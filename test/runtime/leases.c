// Leases (strategy/Strategy.h: the running thread goes on through its
// memory accesses without the strategy being asked) never change a
// schedule: for every strategy and seed, leases=1 and leases=0 write the
// same trace and the same summary but for its leased= count. Mutexes,
// condition variables, a spin loop (polls end a lease), thread creation and
// exit all cut leases here. The strategies that can lease must do so.
// The second run puts most of each run in the fair phase
// (schedsan_fairness.cpp), whose slices end leases too. Both again with
// skip_unconflicted_rmw_writes=1, whose writes (`data[id][i] +=`) are no
// decisions whether or not a lease is held.
// RUN: %schedsan_cc -O1 %s -o %t
// RUN: %S/Inputs/same_with_leases.sh 8 %t | FileCheck %s
// RUN: env SAME_OPTIONS=fair_after=2:fair_after_steps=30:fair_slice=7 %S/Inputs/same_with_leases.sh 8 %t | FileCheck --check-prefix=FAIR %s
// RUN: env SAME_OPTIONS=skip_unconflicted_rmw_writes=1 %S/Inputs/same_with_leases.sh 8 %t | FileCheck %s
// RUN: env SAME_OPTIONS=skip_unconflicted_rmw_writes=1:fair_after=2:fair_after_steps=30:fair_slice=7 %S/Inputs/same_with_leases.sh 8 %t | FileCheck --check-prefix=FAIR %s
// FAIR: 64 runs identical with and without leases
// CHECK: pct:depth=1 leased={{[1-9][0-9]*}}
// CHECK: pct:depth=3:k=60 leased={{[1-9][0-9]*}}
// CHECK: random leased={{[1-9][0-9]*}}
// CHECK: pos leased={{[1-9][0-9]*}}
// CHECK: swarm:depth=2 leased={{[1-9][0-9]*}}
// CHECK: rff leased={{[1-9][0-9]*}}
// CHECK: 64 runs identical with and without leases
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

enum { kThreads = 3, kRounds = 6, kWords = 16 };
long data[kThreads][kWords];
long total, mine[kWords];
atomic_int ready;
int turn;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

void *work(void *arg) {
  long id = (long)arg;
  while (!atomic_load(&ready)) // a spin loop: polls
    ;
  for (int r = 0; r < kRounds; ++r) {
    long sum = 0;
    for (int i = 0; i < kWords; ++i) { // thread-owned memory accesses
      data[id][i] += i + r;
      sum += data[id][i];
    }
    pthread_mutex_lock(&m);
    while (turn % kThreads != id)
      pthread_cond_wait(&cv, &m);
    total += sum;
    ++turn;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main() {
  pthread_t t[kThreads];
  for (long i = 0; i < kThreads; ++i)
    pthread_create(&t[i], 0, work, (void *)i);
  for (int i = 0; i < kWords; ++i)
    mine[i] = i; // main's own accesses while the workers spin
  atomic_store(&ready, 1);
  for (int i = 0; i < kThreads; ++i)
    pthread_join(t[i], 0);
  printf("total %ld\n", total);
  return 0;
}
