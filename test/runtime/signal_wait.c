// A thread that waits for signals (sigwait, sigwaitinfo, sigtimedwait)
// takes part in the schedule: a signal another thread sends ends its wait
// at once, with no real wait for the watchdog to release, so every run is
// exactly replayable and takes milliseconds.
// RUN: %schedsan_cc -O1 -g %s -o %t
// RUN: env SCHEDSAN_OPTIONS=verbosity=1 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// CHECK: got SIGUSR1 (thread-directed), SIGUSR2 value 7, SIGTERM (to the process)
// CHECK: sigtimedwait with nobody sending: EAGAIN
// RUN: grep -q " replayable=yes" %t.out
// RUN: %bindir/schedsan run --count -n 40 --timeout 20 -- %t > %t.run 2>&1
// RUN: FileCheck --check-prefix=CAMPAIGN %s < %t.run
// RUN: %bindir/schedsan run --count -n 40 --timeout 20 --strategy pct -- %t >> %t.run 2>&1
// RUN: %bindir/schedsan run --count -n 40 --timeout 20 --strategy pos -- %t >> %t.run 2>&1
// RUN: FileCheck --check-prefix=CAMPAIGN %s < %t.run
// CAMPAIGN-NOT: not exactly replayable
// CAMPAIGN: result    40 passed, 0 failed, 0 timed out
// A run whose real waits the watchdog had to release would take a second:
// 40 runs in under 10 s (measured: well under 1 s).
// RUN: grep -c "result    40 passed" %t.run | grep -qx 3
// RUN: awk '/^  runs /{ if ($9 + 0 > 10) bad = 1 } END { exit bad }' %t.run
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static int Work;
static char Got[256];

static void *waiter(void *Arg) {
  sigset_t *Set = Arg;
  int Sig = 0;
  int R = sigwait(Set, &Sig);
  assert(R == 0 && Sig == SIGUSR1);
  siginfo_t Info;
  Sig = sigwaitinfo(Set, &Info);
  assert(Sig == SIGUSR2);
  int Value = Info.si_value.sival_int;
  struct timespec Long = {30, 0}; // far longer than the watchdog's second
  Sig = sigtimedwait(Set, &Info, &Long);
  assert(Sig == SIGTERM);
  snprintf(Got, sizeof(Got),
           "got SIGUSR1 (thread-directed), SIGUSR2 value %d, SIGTERM (to the "
           "process)",
           Value);
  return 0;
}

static void *worker(void *Arg) {
  for (int I = 0; I < 10; ++I)
    __atomic_add_fetch(&Work, 1, __ATOMIC_RELAXED);
  return 0;
}

int main(void) {
  static sigset_t Set;
  sigemptyset(&Set);
  sigaddset(&Set, SIGUSR1);
  sigaddset(&Set, SIGUSR2);
  sigaddset(&Set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &Set, 0); // every thread inherits it
  pthread_t W, A, B;
  pthread_create(&W, 0, waiter, &Set);
  pthread_create(&A, 0, worker, 0);
  pthread_create(&B, 0, worker, 0);
  pthread_join(A, 0);
  pthread_join(B, 0);
  pthread_kill(W, SIGUSR1);
  pthread_sigqueue(W, SIGUSR2, (union sigval){.sival_int = 7});
  kill(getpid(), SIGTERM);
  pthread_join(W, 0);
  puts(Got);
  assert(Work == 20);

  // Nobody left to send: only the world outside could, so the timeout
  // passes for real.
  struct timespec Wait = {0, 20000000};
  int R = sigtimedwait(&Set, 0, &Wait);
  assert(R == -1 && errno == EAGAIN);
  puts("sigtimedwait with nobody sending: EAGAIN");
  return 0;
}
