// The program's signal handlers (docs/users-guide.md, "Signal handlers"), sent to a
// worker that waits for its turn on a condition variable.
//
// A handler that returns at once runs before the sender goes on, and the
// run stays replayable. The runtime's trampoline in its place is invisible
// to the program: sigaction and signal report the program's own handler
// (with its flags), a three-argument handler gets its siginfo, SIG_IGN
// passes through.
// RUN: %schedsan_cc -g -O1 -DQUICK %s -o %t.quick
// RUN: env SCHEDSAN_OPTIONS=verbosity=1:strategy=random:seed=1 %t.quick 2>&1 | FileCheck %s --check-prefix=QUICK
// QUICK: old handler is ours: 1, siginfo flag: 1
// QUICK: signal() returned the previous handler: 1
// QUICK: ignored: 1
// QUICK: the worker's handler saw signo 12 before main went on: 1
// QUICK: done
// QUICK: replayable=yes
//
// A handler that blocks until another thread acts (a thread pool's
// "pause": it sleeps until main clears a flag) does not hang the run: it
// gets 100 ms to end before the sender goes on; then the worker is away,
// and main's sleep(2) passes in real time, as natively, while the handler
// sets its flag and waits.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=verbosity=1:strategy=random:seed=1 timeout 60 %t 2>&1 | FileCheck %s
// RUN: env SCHEDSAN_OPTIONS=verbosity=1:strategy=pct:seed=2 timeout 60 %t 2>&1 | FileCheck %s
// RUN: env SCHEDSAN_OPTIONS=verbosity=1:strategy=pos:seed=3 timeout 60 %t 2>&1 | FileCheck %s
// CHECK: T1's handler of signal 10 has not returned after 100 ms
// CHECK: done
// CHECK: replayable=no
//
// A signal for the process (kill), which only the worker does not block:
// nothing waits for its handler, in which the strategy may pick the
// worker; the watchdog then sets the worker aside. Every seed ends.
// RUN: %schedsan_cc -g -O1 -DPROCESS_DIRECTED %s -o %t.kill
// RUN: for s in 1 2 3 4 5 6; do env SCHEDSAN_OPTIONS=watchdog_ms=100:verbosity=1:strategy=random:seed=$s timeout 60 %t.kill; done 2>&1 | FileCheck %s --check-prefix=KILL
// KILL: watchdog: T1 was picked but did not take its turn
// KILL-COUNT-6: done
//
// A signal to a thread just created, before its first turn: the handler
// runs outside the schedule as on any parked thread (its instrumented
// accesses are no scheduling points), before the sender goes on.
// RUN: %schedsan_cc -g -O1 -DNEW_THREAD %s -o %t.new
// RUN: for s in 1 2 3 4 5 6 7 8; do env SCHEDSAN_OPTIONS=strategy=random:seed=$s timeout 60 %t.new; done 2>&1 | FileCheck %s --check-prefix=NEW
// NEW-COUNT-8: hits=1
// NEW-NOT: ERROR
//
// Under a fork server, which takes the watchdog's samples from outside.
// RUN: timeout 120 %bindir/schedsan run -n 4 -j 1 -o watchdog_ms=100 -- %t.kill 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: result    4 passed, 0 failed, 0 timed out
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile int on_hold;
static volatile int go;
static volatile int seen_signo;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;

static void hold(int sig) {
  (void)sig;
#ifndef PROCESS_DIRECTED
  on_hold = 1;
#endif
  while (on_hold)
    usleep(1000);
}

static void note(int sig, siginfo_t *info, void *ctx) {
  (void)sig;
  (void)ctx;
  seen_signo = info->si_signo;
}

static volatile int hits;
static void count(int sig) {
  (void)sig;
  hits++;
}

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  while (!go)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t;
  struct sigaction act, old;
  memset(&act, 0, sizeof act);
  sigemptyset(&act.sa_mask);
#if defined(NEW_THREAD)
  signal(SIGUSR1, count);
  pthread_create(&t, NULL, worker, NULL);
  pthread_kill(t, SIGUSR1);
  while (!hits) {
  }
  printf("hits=%d\n", hits);
#elif defined(QUICK)
  act.sa_sigaction = note;
  act.sa_flags = SA_SIGINFO;
  sigaction(SIGUSR2, &act, NULL);
  sigaction(SIGUSR2, NULL, &old);
  printf("old handler is ours: %d, siginfo flag: %d\n",
         old.sa_sigaction == note, (old.sa_flags & SA_SIGINFO) != 0);
  signal(SIGUSR1, hold);
  printf("signal() returned the previous handler: %d\n",
         signal(SIGUSR1, SIG_IGN) == hold);
  sigaction(SIGUSR1, NULL, &old);
  printf("ignored: %d\n", old.sa_handler == SIG_IGN);
  pthread_create(&t, NULL, worker, NULL);
  sleep(1); // the worker now waits on c
  pthread_kill(t, SIGUSR2);
  printf("the worker's handler saw signo %d before main went on: %d\n",
         seen_signo, seen_signo == SIGUSR2);
#elif defined(PROCESS_DIRECTED)
  on_hold = 1;
  signal(SIGUSR1, hold);
  pthread_create(&t, NULL, worker, NULL);
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &s, NULL); // the worker takes it
  sleep(1);
  kill(getpid(), SIGUSR1);
  for (int i = 0; i < 3; i++)
    sched_yield();
#else
  act.sa_handler = hold;
  sigaction(SIGUSR1, &act, NULL);
  pthread_create(&t, NULL, worker, NULL);
  sleep(1);                 // the worker now waits on c
  pthread_kill(t, SIGUSR1); // pause
  sleep(2);
  on_hold = 0; // resume
#endif
  pthread_mutex_lock(&m);
  go = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
#ifdef PROCESS_DIRECTED
  on_hold = 0; // the worker, picked in its handler, waits for it
#endif
  pthread_join(t, NULL);
  puts("done");
  fflush(stdout);
  return 0;
}
