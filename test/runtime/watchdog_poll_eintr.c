// The watchdog's signal must not end a program's real wait with EINTR: a
// worker blocks where the runtime cannot see (the raw read system call),
// the watchdog releases it, and main then waits for real in poll (no other
// thread can act); the watchdog's next signal, meant for main, used to end
// that poll with -1/EINTR, which natively never happens here (no handler of
// the program): a false report in 19 of 20 runs. Now such a wait goes on.
// 20 seeds, watchdog_ms=100.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SEEDS_OPTIONS=watchdog_ms=100 %seeds 20 timeout 20 %t | FileCheck %s
// CHECK: 20 seeds passed
#include <assert.h>
#include <poll.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

static int req[2], rsp[2];

static void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < 3; i++) {
    char c;
    assert(syscall(SYS_read, req[0], &c, 1) == 1);
    c++;
    assert(write(rsp[1], &c, 1) == 1);
  }
  return 0;
}

int main(void) {
  assert(pipe(req) == 0 && pipe(rsp) == 0);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  for (int i = 0; i < 3; i++) {
    char c = 'a' + i;
    assert(write(req[1], &c, 1) == 1);
    struct pollfd pf = {rsp[0], POLLIN, 0};
    int n;
    while ((n = poll(&pf, 1, 100)) == 0) {
    }
    assert(n == 1);
    char r;
    assert(read(rsp[0], &r, 1) == 1 && r == c + 1);
  }
  pthread_join(t, 0);
  return 0;
}
