// Signal waits in the schedule, three ways a wait used to go wrong:
// - unlock: the waiter has just released a mutex main waits for when it
//   calls sigwait: main can act, so the wait sleeps in virtual time instead
//   of waiting for real (where the watchdog released it after a second and
//   the run was not replayable);
// - tick: a sigtimedwait loop (5 ms) while main sleeps 30 ms: a timeout
//   that passes for real passes on the virtual clock too, or main's sleep
//   never ends;
// - order: main sends SIGUSR1, then SIGHUP; the waiter may take the first
//   before the second is sent (a send is followed by a scheduling point),
//   or find both pending (Linux hands out SIGHUP, the lower number, first).
//   Both orders must occur.
// RUN: %schedsan_cc -O1 -g %s -o %t
// RUN: for s in $(seq 1 20); do env SCHEDSAN_OPTIONS=seed=$s:verbosity=1 %t unlock 2>&1 | grep -o " replayable=[a-z]*"; done | sort | uniq -c | FileCheck --check-prefix=UNLOCK %s
// UNLOCK: 20 replayable=yes
// UNLOCK-NOT: replayable=no
// RUN: for s in 1 2 3; do env SCHEDSAN_OPTIONS=seed=$s timeout -s KILL 20 %t tick; done | FileCheck --check-prefix=TICK %s
// TICK-COUNT-3: ticks={{[1-9][0-9]*}} main slept 30.0 ms
// RUN: for s in $(seq 1 100); do env SCHEDSAN_OPTIONS=seed=$s %t order; done | sort | uniq -c | FileCheck --check-prefix=ORDER %s
// (random walk: each order in about a third to two thirds of the seeds;
// either missing from 100 seeds has probability below 1e-15)
// ORDER-DAG: {{[1-9][0-9]*}} first SIGHUP
// ORDER-DAG: {{[1-9][0-9]*}} first SIGUSR1
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t Mu = PTHREAD_MUTEX_INITIALIZER;
static sigset_t Set;
static int Ticks;

static void *unlockThenWait(void *A) {
  int Sig;
  pthread_mutex_lock(&Mu);
  pthread_mutex_unlock(&Mu);
  sigwait(&Set, &Sig);
  return A;
}

static void *tick(void *A) {
  struct timespec Tick = {0, 5000000};
  for (;;) {
    int S = sigtimedwait(&Set, NULL, &Tick);
    if (S == SIGUSR1)
      return A;
    if (S < 0 && errno == EAGAIN)
      ++Ticks;
  }
}

static void *firstOfTwo(void *A) {
  int First, Second;
  sigwait(&Set, &First);
  sigwait(&Set, &Second);
  printf("first %s\n", First == SIGHUP ? "SIGHUP" : "SIGUSR1");
  return A;
}

int main(int Argc, char **Argv) {
  const char *Mode = Argc > 1 ? Argv[1] : "";
  sigemptyset(&Set);
  sigaddset(&Set, SIGUSR1);
  sigaddset(&Set, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &Set, NULL);
  pthread_t T;
  if (!strcmp(Mode, "unlock")) {
    pthread_create(&T, NULL, unlockThenWait, NULL);
    pthread_mutex_lock(&Mu);
    pthread_mutex_unlock(&Mu);
    pthread_kill(T, SIGUSR1);
  } else if (!strcmp(Mode, "tick")) {
    pthread_create(&T, NULL, tick, NULL);
    struct timespec A, B;
    clock_gettime(CLOCK_MONOTONIC, &A);
    usleep(30000);
    clock_gettime(CLOCK_MONOTONIC, &B);
    pthread_kill(T, SIGUSR1);
    pthread_join(T, NULL);
    printf("ticks=%d main slept %.1f ms\n", Ticks,
           (B.tv_sec - A.tv_sec) * 1e3 + (B.tv_nsec - A.tv_nsec) / 1e6);
    return 0;
  } else {
    pthread_create(&T, NULL, firstOfTwo, NULL);
    kill(getpid(), SIGUSR1);
    kill(getpid(), SIGHUP);
  }
  pthread_join(T, NULL);
  return 0;
}
