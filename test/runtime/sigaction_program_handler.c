// The runtime's trampoline in place of the program's handlers is invisible
// to the program: sigaction and signal report the program's own handler
// (with its flags), a three-argument handler gets its siginfo, SIG_IGN and
// SIG_DFL pass through, and a handler sent to a waiting thread runs before
// the sender goes on (so the run stays replayable).
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=verbosity=1:strategy=random:seed=1 %t 2>&1 | FileCheck %s
// CHECK: old handler is ours: 1, siginfo flag: 1
// CHECK: signal() returned the previous handler: 1
// CHECK: ignored: 1
// CHECK: worker's handler saw signo 12 before main went on: 1
// CHECK: replayable=yes
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile int seen_signo;
static void info_handler(int sig, siginfo_t *info, void *ctx) {
  (void)sig;
  (void)ctx;
  seen_signo = info->si_signo;
}
static void plain_handler(int sig) { (void)sig; }

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int go;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  while (!go)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  struct sigaction act, old;
  memset(&act, 0, sizeof act);
  sigemptyset(&act.sa_mask);
  act.sa_sigaction = info_handler;
  act.sa_flags = SA_SIGINFO;
  sigaction(SIGUSR2, &act, NULL);
  sigaction(SIGUSR2, NULL, &old);
  printf("old handler is ours: %d, siginfo flag: %d\n",
         old.sa_sigaction == info_handler, (old.sa_flags & SA_SIGINFO) != 0);
  signal(SIGUSR1, plain_handler);
  printf("signal() returned the previous handler: %d\n",
         signal(SIGUSR1, SIG_IGN) == plain_handler);
  sigaction(SIGUSR1, NULL, &old);
  printf("ignored: %d\n", old.sa_handler == SIG_IGN);

  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  sleep(1); // the worker now waits on c
  pthread_kill(t, SIGUSR2);
  printf("worker's handler saw signo %d before main went on: %d\n",
         seen_signo, seen_signo == SIGUSR2);
  fflush(stdout);
  pthread_mutex_lock(&m);
  go = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  return 0;
}
