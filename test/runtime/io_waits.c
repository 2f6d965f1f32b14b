// read, readv, recv, recvfrom, recvmsg, accept and accept4 on a descriptor
// another thread makes ready after a sleep: the reader waits as poll does
// (it looks in slices of virtual time while the writer may act), so the run
// needs no watchdog (watchdog_ms=0: a read that held the turn would hang
// until the timeout; it used to take the watchdog's second a run), stays
// exactly replayable, and passes under 20 seeds. A handler without
// SA_RESTART ends the wait with EINTR; with SA_RESTART the wait goes on
// (the data comes); SO_RCVTIMEO ends it with EAGAIN; a non-blocking
// descriptor gives EAGAIN at once.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: for m in read readv recv recvfrom recvmsg accept accept4 eventfd; do env SEEDS_OPTIONS=watchdog_ms=0 %seeds 20 timeout 20 %t $m || exit 1; done | FileCheck --check-prefix=SEEDS %s
// SEEDS-COUNT-8: 20 seeds passed
// RUN: env SCHEDSAN_OPTIONS=watchdog_ms=0:verbosity=1 timeout 20 %t read 2>&1 | FileCheck %s
// CHECK: read: ok
// CHECK: replayable=yes
// RUN: env SCHEDSAN_OPTIONS=watchdog_ms=0 timeout 20 %t eintr | FileCheck --check-prefix=EINTR %s
// EINTR: eintr: -1 EINTR
// RUN: env SCHEDSAN_OPTIONS=watchdog_ms=0 timeout 20 %t restart | FileCheck --check-prefix=RESTART %s
// RESTART: restart: 1
// RUN: env SCHEDSAN_OPTIONS=watchdog_ms=0 timeout 20 %t rcvtimeo | FileCheck --check-prefix=TIMEO %s
// TIMEO: rcvtimeo: -1 EAGAIN
// RUN: env SCHEDSAN_OPTIONS=watchdog_ms=0 timeout 20 %t nonblock | FileCheck --check-prefix=NONBLOCK %s
// NONBLOCK: nonblock: -1 EAGAIN
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>

static const char *mode;
static int rfd, wfd; // the reader's and the writer's ends
static pthread_t reader_thread;

static void *writer(void *arg) {
  usleep(500);
  if (!strcmp(mode, "eintr") || !strcmp(mode, "restart")) {
    pthread_kill(reader_thread, SIGUSR1);
    usleep(500);
  }
  if (!strcmp(mode, "eventfd")) {
    uint64_t one = 1;
    assert(write(wfd, &one, 8) == 8);
  } else if (!strcmp(mode, "accept") || !strcmp(mode, "accept4")) {
    assert(connect(wfd, (struct sockaddr *)arg, sizeof(struct sockaddr_un)) ==
           0);
  } else if (strcmp(mode, "rcvtimeo")) {
    assert(write(wfd, "x", 1) == 1);
  }
  return 0;
}

static void onSignal(int sig) { (void)sig; }

static ssize_t readOnce(void) {
  char c;
  struct iovec iov = {&c, 1};
  struct msghdr msg = {0};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  if (!strcmp(mode, "readv"))
    return readv(rfd, &iov, 1);
  if (!strcmp(mode, "recv"))
    return recv(rfd, &c, 1, 0);
  if (!strcmp(mode, "recvfrom"))
    return recvfrom(rfd, &c, 1, 0, 0, 0);
  if (!strcmp(mode, "recvmsg"))
    return recvmsg(rfd, &msg, 0);
  if (!strcmp(mode, "accept"))
    return accept(rfd, 0, 0) >= 0;
  if (!strcmp(mode, "accept4"))
    return accept4(rfd, 0, 0, SOCK_CLOEXEC) >= 0;
  if (!strcmp(mode, "eventfd")) {
    uint64_t v;
    return read(rfd, &v, 8) == 8;
  }
  return read(rfd, &c, 1);
}

int main(int argc, char **argv) {
  mode = argc > 1 ? argv[1] : "read";
  int sv[2];
  struct sockaddr_un addr = {0};
  if (!strncmp(mode, "recv", 4) || !strcmp(mode, "rcvtimeo")) {
    assert(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
  } else if (!strncmp(mode, "accept", 6)) {
    addr.sun_family = AF_UNIX;
    snprintf(addr.sun_path + 1, sizeof(addr.sun_path) - 1, "io_waits.%d",
             (int)getpid()); // abstract: nothing to clean up
    sv[0] = socket(AF_UNIX, SOCK_STREAM, 0);
    assert(bind(sv[0], (struct sockaddr *)&addr, sizeof(addr)) == 0);
    assert(listen(sv[0], 1) == 0);
    sv[1] = socket(AF_UNIX, SOCK_STREAM, 0);
  } else if (!strcmp(mode, "eventfd")) {
    sv[0] = sv[1] = eventfd(0, 0);
  } else {
    assert(pipe(sv) == 0);
  }
  rfd = sv[0];
  wfd = sv[1];
  reader_thread = pthread_self();
  if (!strcmp(mode, "eintr") || !strcmp(mode, "restart")) {
    struct sigaction sa = {0};
    sa.sa_handler = onSignal;
    sa.sa_flags = !strcmp(mode, "restart") ? SA_RESTART : 0;
    sigaction(SIGUSR1, &sa, 0);
  }
  if (!strcmp(mode, "rcvtimeo")) {
    struct timeval tv = {0, 50000};
    setsockopt(rfd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
  }
  if (!strcmp(mode, "nonblock"))
    fcntl(rfd, F_SETFL, O_NONBLOCK);
  pthread_t t;
  pthread_create(&t, 0, writer, &addr);
  errno = 0;
  ssize_t r = readOnce();
  const int e = errno;
  if (!strcmp(mode, "eintr") || !strcmp(mode, "rcvtimeo") ||
      !strcmp(mode, "nonblock"))
    printf("%s: %zd %s\n", mode, r,
           e == EINTR ? "EINTR" : e == EAGAIN ? "EAGAIN" : strerror(e));
  else if (!strcmp(mode, "restart"))
    printf("%s: %zd\n", mode, r);
  else
    printf("%s: %s\n", mode, r == 1 ? "ok" : "failed");
  fflush(stdout);
  pthread_join(t, 0);
  return r == 1 || e == EINTR || e == EAGAIN ? 0 : 1;
}
