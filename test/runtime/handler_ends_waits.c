// A handler of the program that runs during a wait ends it as natively:
// poll, ppoll, select, pselect, epoll_wait, epoll_pwait and epoll_pwait2
// with EINTR, with SA_RESTART or not (Linux never restarts them; signal(7)),
// and pause and sigsuspend. A correct program: main waits with no timeout
// (on a pipe nobody writes, or for a signal) until a worker's pthread_kill
// runs main's handler, which sets a flag. The descriptor waits used to go
// on after the handler (for real once the worker had ended), so every run
// hung; pause and sigsuspend were real waits out of the runtime's sight,
// so each run took the watchdog's second (with watchdog_ms=0, as here,
// hung) and was not exactly replayable. sigsuspend: SIGUSR1 is blocked
// outside the wait, so the signal stays pending until the wait's mask lets
// it in.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: for m in poll ppoll select pselect epoll_wait epoll_pwait epoll_pwait2 pause sigsuspend; do for f in restart norestart; do env SEEDS_OPTIONS=watchdog_ms=0 %seeds 10 timeout 20 %t $m $f || exit 1; done; done | FileCheck %s
// CHECK-COUNT-18: 10 seeds passed
// RUN: env SCHEDSAN_OPTIONS=watchdog_ms=0:verbosity=1 timeout 20 %t sigsuspend restart 2>&1 | FileCheck --check-prefix=REPLAYABLE %s
// REPLAYABLE: replayable=yes
// The kill from outside the program (the wait is real: no other thread).
// RUN: env SCHEDSAN_OPTIONS=seed=1 timeout 20 %t poll-outside restart | FileCheck --check-prefix=OUTSIDE %s
// OUTSIDE: poll-outside: -1 EINTR
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <unistd.h>

#include "Inputs/main_killer.h"

// One wait with no timeout on Fd (read end of an empty pipe) by Mode.
static int waitOnce(const char *Mode, int Fd, int Ep) {
  struct pollfd P = {Fd, POLLIN, 0};
  fd_set Set;
  FD_ZERO(&Set);
  FD_SET(Fd, &Set);
  struct epoll_event E;
  if (!strcmp(Mode, "poll") || !strcmp(Mode, "poll-outside"))
    return poll(&P, 1, -1);
  if (!strcmp(Mode, "ppoll"))
    return ppoll(&P, 1, NULL, NULL);
  if (!strcmp(Mode, "select"))
    return select(Fd + 1, &Set, NULL, NULL, NULL);
  if (!strcmp(Mode, "pselect"))
    return pselect(Fd + 1, &Set, NULL, NULL, NULL, NULL);
  if (!strcmp(Mode, "epoll_wait"))
    return epoll_wait(Ep, &E, 1, -1);
  if (!strcmp(Mode, "epoll_pwait"))
    return epoll_pwait(Ep, &E, 1, -1, NULL);
  if (!strcmp(Mode, "epoll_pwait2"))
    return epoll_pwait2(Ep, &E, 1, NULL, NULL);
  if (!strcmp(Mode, "pause"))
    return pause();
  unknownMode(Mode);
  return -1;
}

int main(int argc, char **argv) {
  const char *Mode = modeWithHandler(argc, argv);
  int p[2];
  assert(pipe(p) == 0);
  int Ep = epoll_create1(0);
  struct epoll_event E = {EPOLLIN, {0}};
  assert(epoll_ctl(Ep, EPOLL_CTL_ADD, p[0], &E) == 0);
  sigset_t Block, Old;
  sigemptyset(&Block);
  sigaddset(&Block, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, strcmp(Mode, "sigsuspend") ? NULL : &Block, &Old);
  if (!strcmp(Mode, "poll-outside")) {
    if (fork() == 0) {
      usleep(100000);
      kill(getppid(), SIGUSR1);
      _exit(0);
    }
    int R = waitOnce(Mode, p[0], Ep);
    printf("%s: %d %s\n", Mode, R, R < 0 && errno == EINTR ? "EINTR" : "");
    return 0;
  }
  pthread_t t;
  pthread_create(&t, NULL, killer, NULL);
  while (!handled) {
    int R = strcmp(Mode, "sigsuspend") ? waitOnce(Mode, p[0], Ep)
                                       : sigsuspend(&Old);
    assert(R < 0 && errno == EINTR);
  }
  pthread_join(t, NULL);
  return 0;
}
