// A thread blocked where the runtime cannot see (the raw read system call
// on a pipe) while the only other thread sleeps, and only that sleeper can
// end the block: the watchdog releases the reader all the same (the sleeper's deadline never
// comes while the reader holds the turn, since the virtual clock moves only
// when no thread can run), the clock moves, the sleeper writes. (The
// watchdog used to let the reader keep its turn when no other thread was
// enabled: every run hung until the runner's timeout.) 20 seeds, each run
// at most 20 s (watchdog_ms=100: about 0.1 s).
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=watchdog_ms=100:verbosity=1 timeout 20 %t 2>&1 | FileCheck %s
// CHECK: watchdog: T1 reached no scheduling point
// CHECK: read 1 byte
// CHECK: replayable=no
// RUN: env SEEDS_OPTIONS=watchdog_ms=100 %seeds 20 timeout 20 %t | FileCheck --check-prefix=SEEDS %s
// SEEDS: 20 seeds passed
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static int fds[2];

static void *reader(void *arg) {
  char c;
  ssize_t n = syscall(SYS_read, fds[0], &c, 1);
  assert(n == 1);
  printf("read %zd byte\n", n);
  return 0;
}

int main(void) {
  setvbuf(stdout, 0, _IONBF, 0);
  if (pipe(fds))
    return 1;
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  usleep(10000);
  if (write(fds[1], "x", 1) != 1)
    return 1;
  pthread_join(t, 0);
  return 0;
}
