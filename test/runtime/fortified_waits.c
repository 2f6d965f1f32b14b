// The checked forms __read_chk, __recv_chk, __recvfrom_chk, __poll_chk and
// __ppoll_chk, which GCC's _FORTIFY_SOURCE builds call (a library of the
// system may, in a program built with Clang), wait for input as the plain
// calls do: with watchdog_ms=0 a call the runtime did not see would hold
// the turn until the timeout, since the writer could never run. The test
// calls them by name (Clang's fortified headers call the plain forms).
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: for m in read recv recvfrom poll ppoll; do env SEEDS_OPTIONS=watchdog_ms=0 %seeds 20 timeout 20 %t $m || exit 1; done | FileCheck %s
// CHECK-COUNT-5: 20 seeds passed
// A read past the buffer is still the C library's to report.
// RUN: mkdir -p %t.traces
// RUN: not env SCHEDSAN_OPTIONS=watchdog_ms=0:trace_dir=%t.traces timeout 20 %t overflow 2>&1 | FileCheck --check-prefix=OVERFLOW %s
// OVERFLOW: *** buffer overflow detected ***
// OVERFLOW: ERROR: ScheduleSanitizer: abort
#define _GNU_SOURCE
#include <assert.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int fds[2];
static size_t count = 1;

ssize_t __read_chk(int, void *, size_t, size_t);
ssize_t __recv_chk(int, void *, size_t, size_t, int);
ssize_t __recvfrom_chk(int, void *, size_t, size_t, int, struct sockaddr *,
                       socklen_t *);
int __poll_chk(struct pollfd *, nfds_t, int, size_t);
int __ppoll_chk(struct pollfd *, nfds_t, const struct timespec *,
                const sigset_t *, size_t);

static void *writer(void *arg) {
  (void)arg;
  usleep(500);
  assert(write(fds[1], "x", 1) == 1);
  return 0;
}

int main(int argc, char **argv) {
  assert(argc == 2);
  const char *mode = argv[1];
  assert(socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0);
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  char buf[4];
  struct pollfd p[2] = {{fds[0], POLLIN, 0}, {-1, 0, 0}};
  ssize_t r;
  if (!strcmp(mode, "read"))
    r = __read_chk(fds[0], buf, count, sizeof(buf));
  else if (!strcmp(mode, "recv"))
    r = __recv_chk(fds[0], buf, count, sizeof(buf), 0);
  else if (!strcmp(mode, "recvfrom"))
    r = __recvfrom_chk(fds[0], buf, count, sizeof(buf), 0, 0, 0);
  else if (!strcmp(mode, "poll"))
    r = __poll_chk(p, count, -1, sizeof(p));
  else if (!strcmp(mode, "ppoll"))
    r = __ppoll_chk(p, count, 0, 0, sizeof(p));
  else if (!strcmp(mode, "overflow"))
    r = __read_chk(fds[0], buf, count + 7, sizeof(buf));
  else
    return 2;
  assert(r == 1);
  pthread_join(t, 0);
  return 0;
}
