// poll, ppoll, select, pselect, epoll_wait, epoll_pwait and epoll_pwait2
// on a descriptor that another controlled
// thread makes ready: the waiter looks at it in slices of virtual time
// while the writer may act, so the writer's sleeps end and the data comes
// at once. (They used to wait for real with the virtual clock still: the
// writer's 0.5 ms sleeps never ended while the reader waited, each wait
// ran its whole timeout, and a run took 1000 waits of 100 ms.) And with
// no controlled thread able to act before the timeout, the wait is real:
// a descriptor nobody writes waits its 200 ms (measured with the raw
// clock_gettime system call, which the virtual clock does not intercept).
// 20 seeds a call, each run at most 20 s.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 20 timeout 20 %t poll | FileCheck %s
// RUN: %seeds 20 timeout 20 %t ppoll | FileCheck %s
// RUN: %seeds 20 timeout 20 %t select | FileCheck %s
// RUN: %seeds 20 timeout 20 %t pselect | FileCheck %s
// RUN: %seeds 20 timeout 20 %t epoll_wait | FileCheck %s
// RUN: %seeds 20 timeout 20 %t epoll_pwait | FileCheck %s
// RUN: %seeds 20 timeout 20 %t epoll_pwait2 | FileCheck %s
// CHECK: 20 seeds passed
// RUN: %t poll real | FileCheck --check-prefix=REAL %s
// RUN: %t select real | FileCheck --check-prefix=REAL %s
// RUN: %t epoll_wait real | FileCheck --check-prefix=REAL %s
// REAL: waited for real
#define _GNU_SOURCE
#include <assert.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int efd;
static const char *mode;

static void *writer(void *arg) {
  for (uint64_t i = 1; i <= 5; ++i) {
    ssize_t n = write(efd, &i, sizeof(i));
    assert(n == sizeof(i));
    usleep(500);
  }
  return 0;
}

// Waits at most Ms for efd to be readable with the call named by mode.
static int waitReadable(int Ms) {
  struct timespec ts = {Ms / 1000, Ms % 1000 * 1000000L};
  if (!strcmp(mode, "poll")) {
    struct pollfd p = {efd, POLLIN, 0};
    return poll(&p, 1, Ms);
  }
  if (!strcmp(mode, "ppoll")) {
    struct pollfd p = {efd, POLLIN, 0};
    return ppoll(&p, 1, &ts, 0);
  }
  if (!strncmp(mode, "epoll", 5)) {
    static int ep = -1;
    if (ep < 0) {
      ep = epoll_create1(0);
      struct epoll_event e = {EPOLLIN, {0}};
      epoll_ctl(ep, EPOLL_CTL_ADD, efd, &e);
    }
    struct epoll_event got;
    if (!strcmp(mode, "epoll_wait"))
      return epoll_wait(ep, &got, 1, Ms);
    if (!strcmp(mode, "epoll_pwait"))
      return epoll_pwait(ep, &got, 1, Ms, 0);
    return epoll_pwait2(ep, &got, 1, &ts, 0);
  }
  fd_set set;
  FD_ZERO(&set);
  FD_SET(efd, &set);
  if (!strcmp(mode, "select")) {
    struct timeval tv = {Ms / 1000, Ms % 1000 * 1000};
    int r = select(efd + 1, &set, 0, 0, &tv);
    assert(r == 0 || FD_ISSET(efd, &set));
    return r;
  }
  return pselect(efd + 1, &set, 0, 0, &ts, 0);
}

static uint64_t realMs(void) {
  struct timespec ts;
  syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000ull + ts.tv_nsec / 1000000;
}

int main(int argc, char **argv) {
  mode = argc > 1 ? argv[1] : "poll";
  efd = eventfd(0, 0);
  if (argc > 2) { // nobody writes: a real wait of the whole timeout
    uint64_t start = realMs();
    int r = waitReadable(200);
    uint64_t waited = realMs() - start;
    printf("%s returned %d after %llu ms\n", mode, r,
           (unsigned long long)waited);
    assert(r == 0 && waited >= 190);
    printf("waited for real\n");
    return 0;
  }
  pthread_t w;
  pthread_create(&w, 0, writer, 0);
  uint64_t total = 0;
  int waits = 0;
  while (total < 15) {
    ++waits;
    assert(waits < 100 && "each wait ran its whole timeout");
    if (waitReadable(100) == 1) {
      uint64_t v;
      ssize_t n = read(efd, &v, sizeof(v));
      assert(n == sizeof(v));
      total += v;
    }
  }
  pthread_join(w, 0);
  printf("total %llu after %d waits\n", (unsigned long long)total, waits);
  return 0;
}
