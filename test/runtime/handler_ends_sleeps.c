// A handler of the program that runs during a sleep ends it as natively
// (Linux never restarts a sleep, SA_RESTART or not; signal(7)): sleep
// returns the seconds left, usleep, nanosleep, poll, ppoll, select and
// pselect with no descriptor -1 with EINTR, clock_nanosleep EINTR; the
// time left is reported where the call reports it. main sleeps 100 s (on
// the virtual clock) while a worker, 1 ms in, runs main's handler with
// pthread_kill. The sleeps used to run to their deadline and return 0, so
// the program took the path of a sleep nobody interrupted.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: for m in sleep usleep nanosleep clock_nanosleep clock_nanosleep_abs poll ppoll select pselect; do for f in restart norestart; do %seeds 10 timeout 20 %t $m $f || exit 1; done; done | FileCheck %s
// CHECK-COUNT-18: 10 seeds passed
//
// Without a handler (SIG_IGN) the signal ends no sleep.
// RUN: env SCHEDSAN_OPTIONS=seed=1 %t nanosleep ignore | FileCheck --check-prefix=IGNORE %s
// IGNORE: nanosleep: slept 100 s
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

#include "Inputs/main_killer.h"

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + T.tv_nsec / 1e9;
}

// Sleeps 100 s by Mode; returns the seconds it says are left (-1: it says
// it slept them all).
static double sleepOnce(const char *Mode) {
  struct timespec Req = {100, 0}, Rem = {0, 0};
  int R;
  if (!strcmp(Mode, "sleep")) {
    unsigned Left = sleep(100);
    return Left ? Left : -1;
  }
  if (!strcmp(Mode, "usleep")) {
    R = usleep(99999999); // just under 100 s (POSIX: below 10^6 may fail)
    assert(R == 0 || errno == EINTR);
    return R ? 100 : -1;
  }
  if (!strcmp(Mode, "nanosleep")) {
    R = nanosleep(&Req, &Rem);
    assert(R == 0 || errno == EINTR);
    return R ? Rem.tv_sec + Rem.tv_nsec / 1e9 : -1;
  }
  if (!strcmp(Mode, "clock_nanosleep")) {
    R = clock_nanosleep(CLOCK_MONOTONIC, 0, &Req, &Rem);
    assert(R == 0 || R == EINTR);
    return R ? Rem.tv_sec + Rem.tv_nsec / 1e9 : -1;
  }
  if (!strcmp(Mode, "clock_nanosleep_abs")) {
    struct timespec At;
    clock_gettime(CLOCK_MONOTONIC, &At);
    At.tv_sec += 100;
    R = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &At, NULL);
    assert(R == 0 || R == EINTR);
    return R ? 100 : -1;
  }
  if (!strcmp(Mode, "poll")) {
    R = poll(NULL, 0, 100000);
    assert(R == 0 || errno == EINTR);
    return R ? 100 : -1;
  }
  if (!strcmp(Mode, "ppoll")) {
    R = ppoll(NULL, 0, &Req, NULL);
    assert(R == 0 || errno == EINTR);
    return R ? 100 : -1;
  }
  if (!strcmp(Mode, "select")) {
    struct timeval Tv = {100, 0};
    R = select(0, NULL, NULL, NULL, &Tv);
    assert(R == 0 || errno == EINTR);
    return R ? Tv.tv_sec + Tv.tv_usec / 1e6 : -1;
  }
  if (!strcmp(Mode, "pselect")) {
    R = pselect(0, NULL, NULL, NULL, &Req, NULL);
    assert(R == 0 || errno == EINTR);
    return R ? 100 : -1;
  }
  unknownMode(Mode);
  return -1;
}

int main(int argc, char **argv) {
  const char *Mode = modeWithHandler(argc, argv);
  pthread_t t;
  pthread_create(&t, NULL, killer, NULL);
  const double Start = now();
  const double Left = sleepOnce(Mode);
  const double Slept = now() - Start;
  pthread_join(t, NULL);
  if (!strcmp(argv[2], "ignore")) {
    assert(Left < 0 && Slept >= 100);
    printf("%s: slept %.0f s\n", Mode, Slept);
    return 0;
  }
  // The handler ran 1 ms into the sleep (the worker's own sleep is the
  // only other thing the virtual clock waits for).
  assert(handled && Left > 99 && Left <= 100 && Slept < 1);
  return 0;
}
