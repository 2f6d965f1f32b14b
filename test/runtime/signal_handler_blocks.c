// A signal handler that blocks until another thread acts (a thread pool's
// "pause": the handler sleeps until main clears a flag) does not hang the
// run. Sent with pthread_kill to a thread that waits for its turn, the
// handler gets 100 ms to end before the sender goes on; then the thread is
// away, and main's sleep(2) passes in real time, as natively, while the
// handler sets its flag and waits.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=verbosity=1:strategy=random:seed=1 timeout 60 %t 2>&1 | FileCheck %s
// RUN: env SCHEDSAN_OPTIONS=verbosity=1:strategy=pct:seed=2 timeout 60 %t 2>&1 | FileCheck %s
// RUN: env SCHEDSAN_OPTIONS=verbosity=1:strategy=pos:seed=3 timeout 60 %t 2>&1 | FileCheck %s
// CHECK: T1's handler of signal 10 has not returned after 100 ms
// CHECK: done
// CHECK: replayable=no
//
// A signal for the process (kill), which only the worker does not block:
// nothing waits for its handler, which the strategy may pick the worker
// in; the watchdog then sets the worker aside. Every seed ends.
// RUN: %schedsan_cc -g -O1 -DPROCESS_DIRECTED %s -o %t.kill
// RUN: for s in 1 2 3 4 5 6; do env SCHEDSAN_OPTIONS=watchdog_ms=100:verbosity=1:strategy=random:seed=$s timeout 60 %t.kill; done 2>&1 | FileCheck %s --check-prefix=KILL
// KILL: watchdog: T1 was picked but did not take its turn
// KILL-COUNT-6: done
//
// Under a fork server, which takes the watchdog's samples from outside.
// RUN: timeout 120 %bindir/schedsan run -n 4 -j 1 -o watchdog_ms=100 -- %t.kill 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: result    4 passed, 0 failed, 0 timed out
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static volatile int on_hold;
static volatile int go;
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
#ifdef PROCESS_DIRECTED
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
  pthread_mutex_lock(&m);
  go = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  on_hold = 0;
#else
  struct sigaction act = {0};
  sigemptyset(&act.sa_mask);
  act.sa_handler = hold;
  sigaction(SIGUSR1, &act, NULL);
  pthread_create(&t, NULL, worker, NULL);
  sleep(1);                 // the worker now waits on c
  pthread_kill(t, SIGUSR1); // pause
  sleep(2);
  on_hold = 0; // resume
  pthread_mutex_lock(&m);
  go = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
#endif
  pthread_join(t, NULL);
  puts("done");
  fflush(stdout);
  return 0;
}
