// sem_clockwait by a thread the runtime does not control (here: a forked
// child) is the C library's, on the clock it names: a CLOCK_MONOTONIC
// deadline 200 ms ahead makes it wait that long, then time out. (Passed
// on as sem_timedwait, the deadline would be read on CLOCK_REALTIME,
// where it is decades past, and the call would fail at once.)
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: child: -1 ETIMEDOUT waited
// CHECK: parent: done
#define _GNU_SOURCE
#include <errno.h>
#include <semaphore.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long msSince(const struct timespec *T0) {
  struct timespec T1;
  clock_gettime(CLOCK_MONOTONIC, &T1);
  return (T1.tv_sec - T0->tv_sec) * 1000 + (T1.tv_nsec - T0->tv_nsec) / 1000000;
}

int main(void) {
  pid_t Pid = fork();
  if (Pid == 0) {
    sem_t S;
    sem_init(&S, 0, 0);
    struct timespec T0, Deadline;
    clock_gettime(CLOCK_MONOTONIC, &T0);
    Deadline = T0;
    Deadline.tv_nsec += 200000000;
    if (Deadline.tv_nsec >= 1000000000) {
      Deadline.tv_nsec -= 1000000000;
      ++Deadline.tv_sec;
    }
    int R = sem_clockwait(&S, CLOCK_MONOTONIC, &Deadline);
    int Err = errno;
    long Ms = msSince(&T0);
    printf("child: %d %s %s\n", R, Err == ETIMEDOUT ? "ETIMEDOUT" : "other",
           Ms >= 150 ? "waited" : "did not wait");
    fflush(stdout);
    _exit(0);
  }
  int Status;
  waitpid(Pid, &Status, 0);
  printf("parent: done\n");
  return 0;
}
