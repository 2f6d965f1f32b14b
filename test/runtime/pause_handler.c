// pause and sigsuspend wait as poll does: in slices of virtual time while
// another thread may act, so a worker's pthread_kill runs main's handler
// and the wait ends with EINTR. A correct program; both used to be real
// waits out of the runtime's sight: each run took the watchdog's second
// (with watchdog_ms=0, as here, every run hung) and was not exactly
// replayable. sigsuspend: SIGUSR1 is blocked outside the wait, so the
// signal stays pending until the wait's mask lets it in.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: for m in pause sigsuspend; do env SEEDS_OPTIONS=watchdog_ms=0 %seeds 20 timeout 20 %t $m || exit 1; done | FileCheck %s
// CHECK-COUNT-2: 20 seeds passed
// RUN: env SCHEDSAN_OPTIONS=watchdog_ms=0:verbosity=1 timeout 20 %t sigsuspend 2>&1 | FileCheck --check-prefix=REPLAYABLE %s
// REPLAYABLE: sigsuspend: -1 EINTR
// REPLAYABLE: replayable=yes
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stop;
static pthread_t main_thread;

static void onSignal(int s) {
  (void)s;
  stop = 1;
}

static void *killer(void *arg) {
  (void)arg;
  usleep(1000);
  pthread_kill(main_thread, SIGUSR1);
  return 0;
}

int main(int argc, char **argv) {
  assert(argc == 2);
  const int suspend = !strcmp(argv[1], "sigsuspend");
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = onSignal;
  sa.sa_flags = SA_RESTART;
  sigaction(SIGUSR1, &sa, 0);
  main_thread = pthread_self();
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGUSR1);
  if (suspend)
    pthread_sigmask(SIG_BLOCK, &block, &old);
  pthread_t t;
  pthread_create(&t, 0, killer, 0);
  int r = 0, e = 0;
  while (!stop) {
    r = suspend ? sigsuspend(&old) : pause();
    e = errno;
    assert(r == -1 && e == EINTR);
  }
  printf("%s: %d %s\n", argv[1], r, e == EINTR ? "EINTR" : strerror(e));
  fflush(stdout);
  pthread_join(t, 0);
  return 0;
}
