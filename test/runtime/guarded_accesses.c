// End to end through schedsan-clang (the attribute plugin proves, the pass
// drops the points): the accesses of `counter` under its GUARDED_BY lock are
// no scheduling points, so a run has fewer steps than with
// -mllvm -schedsan-guarded-accesses=false. An access without the lock keeps
// its point: the lost update between an unlocked read and write is found.
// (Compound updates off: the program must not depend on their default.)
// RUN: %schedsan_cc -O1 -mllvm -schedsan-compound-updates=false %s -o %t.on
// RUN: %schedsan_cc -O1 -mllvm -schedsan-compound-updates=false -mllvm -schedsan-guarded-accesses=false %s -o %t.off
// RUN: %schedsan_cc -O1 -mllvm -schedsan-compound-updates=false -DRACY %s -o %t.racy
// RUN: %seeds 50 %t.on
// RUN: on=$(env SCHEDSAN_OPTIONS=verbosity=1 %t.on 2>&1 | sed -n 's/.* steps=\([0-9]*\) .*/\1/p')
// RUN: off=$(env SCHEDSAN_OPTIONS=verbosity=1 %t.off 2>&1 | sed -n 's/.* steps=\([0-9]*\) .*/\1/p')
// RUN: echo "on=$on off=$off" && test "$on" -gt 0 && test $((off - on)) -ge 80
// RUN: %hits 200 %t.racy | FileCheck --check-prefix=FOUND %s
// FOUND: hits={{[1-9][0-9]*}} of 200
#include <assert.h>
#include <pthread.h>

typedef pthread_mutex_t __attribute__((capability("mutex"))) mutex_t;
static void lock(mutex_t *m) __attribute__((acquire_capability(*m),
                                            no_thread_safety_analysis)) {
  pthread_mutex_lock(m);
}
static void unlock(mutex_t *m) __attribute__((release_capability(*m),
                                              no_thread_safety_analysis)) {
  pthread_mutex_unlock(m);
}

static mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int counter __attribute__((guarded_by(mu)));

static void *locked(void *arg) {
  for (int i = 0; i < 20; ++i) {
    lock(&mu);
    counter = counter + 1; // 2 points each without the proof
    unlock(&mu);
  }
  return 0;
}

#ifdef RACY
static void *unlocked(void *arg) {
  counter = counter + 1; // not proved: two points
  return 0;
}
#endif

static int total(void) {
  lock(&mu);
  int v = counter;
  unlock(&mu);
  return v;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, locked, 0);
#ifdef RACY
  pthread_create(&t2, 0, unlocked, 0);
#else
  pthread_create(&t2, 0, locked, 0);
#endif
  pthread_join(t1, 0);
  pthread_join(t2, 0);
#ifdef RACY
  assert(total() == 21 && "lost update");
#else
  assert(total() == 40);
#endif
  return 0;
}
