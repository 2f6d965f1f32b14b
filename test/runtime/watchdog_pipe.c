// A thread blocked where the runtime cannot see (the raw read system call on
// a pipe: read itself waits for input as poll does), waiting for a writer
// the scheduler would run only after it, does not hang the run: the
// watchdog lets the writer run, the reader rejoins at its next point, and
// the run is marked as not exactly replayable.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=watchdog_ms=100:verbosity=1 timeout 30 %t 2>&1 | FileCheck %s
// CHECK: watchdog: T0 reached no scheduling point
// CHECK: read 5 bytes
// CHECK: replayable=no
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

int fds[2];
int ready;
void *writer(void *arg) {
  ready = 1;
  write(fds[1], "hello", 5);
  return 0;
}
int main() {
  pipe(fds);
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  char buf[8];
  ssize_t n = syscall(SYS_read, fds[0], buf, sizeof buf); // out of sight
  printf("read %zd bytes\n", n);
  fflush(stdout);
  pthread_join(t, 0);
  return 0;
}
