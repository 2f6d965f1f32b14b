// A real livelock (two polite threads that take their own lock, try the
// other's, and back off with a yield, forever) is reported as a livelock under the
// fair continuation (schedsan_fairness.cpp), quickly, with a short trace:
// past 100,000 decisions the trace says where it was cut, and its replay,
// which runs the seeded strategy in lockstep, reproduces the livelock at
// the same step without diverging.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=strategy=pct:seed=1:livelock_after=20000:trace_dir=%t.d %t > %t.pct 2>&1; test $? = 66
// RUN: FileCheck --check-prefix=PCT %s < %t.pct
// PCT: ERROR: ScheduleSanitizer: livelock
// PCT-NEXT: no progress under fair scheduling: 20000 no-progress events (yields, polls, failed trylocks or CAS, timeouts) since the fair phase began at step {{[0-9]+}} (livelock_after)
// PCT: SUMMARY: ScheduleSanitizer: livelock {{.*}}livelock_fair.c:{{[0-9]+}}:{{[0-9]+}} in polite
//
// Random walk switches at most points: the trace is cut.
// RUN: env SCHEDSAN_OPTIONS=strategy=random:seed=2:livelock_after=400000:trace_dir=%t.d %t > %t.random 2>&1; test $? = 66
// RUN: FileCheck --check-prefix=RANDOM %s < %t.random
// RANDOM: ERROR: ScheduleSanitizer: livelock
// RANDOM: strategy=random seed=2 steps=[[STEPS:[0-9]+]]
// RUN: sed -n 's/^==[0-9]*==Schedule trace: //p' %t.random > %t.path
// RUN: head -2 $(cat %t.path) | FileCheck --check-prefix=CUT %s
// CUT: cut_at_step={{[0-9]+}}
// RUN: test $(grep -c '^p ' $(cat %t.path)) -eq 100000
// RUN: sed -n 's/^==[0-9]*==Replay: //p' %t.random > %t.cmd
// RUN: sh %t.cmd > %t.replay 2>&1; test $? = 66
// RUN: FileCheck --check-prefix=REPLAY %s < %t.replay
// REPLAY-NOT: diverged
// REPLAY: ERROR: ScheduleSanitizer: livelock
// REPLAY-NOT: diverged
// REPLAY: Schedule trace: {{.*}}schedsan.{{[0-9]+}}.trace
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

static pthread_mutex_t m[2] = {PTHREAD_MUTEX_INITIALIZER,
                               PTHREAD_MUTEX_INITIALIZER};
static atomic_int wants[2];

// Each goes ahead only when the other does not want both locks; both
// always want them, so neither ever goes ahead, under every schedule.
static void *polite(void *arg) {
  int me = (int)(long)arg, other = 1 - me;
  atomic_store(&wants[me], 1);
  for (;;) {
    pthread_mutex_lock(&m[me]);
    if (pthread_mutex_trylock(&m[other]) == 0) {
      if (!atomic_load(&wants[other]))
        break;
      pthread_mutex_unlock(&m[other]);
    }
    pthread_mutex_unlock(&m[me]);
    sched_yield();
  }
  pthread_mutex_unlock(&m[other]);
  pthread_mutex_unlock(&m[me]);
  return 0;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, polite, (void *)0L);
  pthread_create(&y, 0, polite, (void *)1L);
  pthread_join(x, 0);
  pthread_join(y, 0);
  return 0;
}
