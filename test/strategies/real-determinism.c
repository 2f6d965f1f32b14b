// Same program, same strategy, same seed => the same schedule, for every
// strategy; different seeds give different schedules.
//
// The program has 5 threads, a mutex, a condition variable whose signals
// pick one of several waiters (a scheduler choice recorded as a `c` line
// of the trace), and atomics; a run has a few hundred scheduling points.
// For each strategy (defaults: pct and swarm with d = 3 and, without a
// state file, k = 1000) seed 7 runs twice and the two traces, header
// included, are byte-identical. Then seeds 1..5 run once each; the traces'
// decision lines (the headers name the seed) must not all be equal.
// P(false failure) of that second check: over seeds 1..200, no schedule
// occurred twice for random, pos, pos_strict, basic_pos and swarm, and the
// most frequent pct schedule 4 times (pct with k = 1000 rarely reaches a
// change point in a run of ~100 counted points: mostly the priority order
// of the 5 threads decides). P(5 seeds share a schedule) = sum of p^5 over
// schedules <= (max p)^4 ~ (4/200)^4 = 1.6e-7 for pct, far less for the
// others (the seeds are fixed, so the outcome never changes unless the
// strategies' random streams do).
//
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: cd %t.d && for s in random pct pos pos_strict basic_pos swarm; do \
// RUN:   env SCHEDSAN_OPTIONS=strategy=$s:seed=7:trace=$s.a %t || exit 1; \
// RUN:   env SCHEDSAN_OPTIONS=strategy=$s:seed=7:trace=$s.b %t || exit 1; \
// RUN:   cmp $s.a $s.b || exit 1; \
// RUN:   for seed in 1 2 3 4 5; do env SCHEDSAN_OPTIONS=strategy=$s:seed=$seed:trace=$s.$seed %t || exit 1; grep -v '^#' $s.$seed | md5sum; done | sort -u | wc -l | sed "s/^/$s distinct=/"; \
// RUN: done > %t.out
// RUN: FileCheck %s < %t.out
// CHECK: random distinct={{[2-5]}}
// CHECK-NEXT: pct distinct={{[2-5]}}
// CHECK-NEXT: pos distinct={{[2-5]}}
// CHECK-NEXT: pos_strict distinct={{[2-5]}}
// CHECK-NEXT: basic_pos distinct={{[2-5]}}
// CHECK-NEXT: swarm distinct={{[2-5]}}
//
// The traces are real schedules: a header naming strategy and seed, thread
// picks, and the condition variable's choices of a waiter.
// RUN: FileCheck --check-prefix=TRACE %s < %t.d/pos.a
// TRACE: # schedsan schedule trace v1
// TRACE-NEXT: # strategy=pos seed=7 threads=5 steps={{[0-9]+}} replayable=1
// TRACE: p {{[0-9]+}} {{[0-4]}}
// RUN: cd %t.d && cat random.a pct.a pos.a pos_strict.a basic_pos.a swarm.a | grep -c '^c ' | FileCheck --check-prefix=CHOICES %s
// CHOICES: {{[1-9][0-9]*}}
#include <pthread.h>
#include <stdatomic.h>

enum { Workers = 4, Rounds = 8 };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int tickets;
long shared[Workers];
atomic_long done;

static void *work(void *arg) {
  long id = (long)arg;
  for (int i = 0; i < Rounds; ++i) {
    pthread_mutex_lock(&m);
    shared[id] += shared[(id + 1) % Workers] + 1;
    pthread_mutex_unlock(&m);
    atomic_fetch_add(&done, 1);
  }
  // Wait for a ticket from main: several waiters per signal.
  pthread_mutex_lock(&m);
  while (tickets == 0)
    pthread_cond_wait(&cv, &m);
  --tickets;
  pthread_mutex_unlock(&m);
  return 0;
}

int main() {
  pthread_t t[Workers];
  for (long i = 0; i < Workers; ++i)
    pthread_create(&t[i], 0, work, (void *)i);
  // Hand out the tickets once all rounds are done, so that the workers
  // are (mostly) waiting and each signal chooses among them.
  while (atomic_load(&done) != Workers * Rounds)
    ;
  for (int i = 0; i < Workers; ++i) {
    pthread_mutex_lock(&m);
    ++tickets;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
  }
  for (int i = 0; i < Workers; ++i)
    pthread_join(t[i], 0);
  return 0;
}
