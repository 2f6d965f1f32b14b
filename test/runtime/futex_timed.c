// Raw futex waits with a timeout (absl's Notification and Mutex waits, or
// hand-written locks) wait on the virtual clock: a FUTEX_WAIT that nobody
// wakes times out (ETIMEDOUT) once the clock reaches its deadline, instead
// of being retried for ever; one whose word another thread changes returns
// before. A lone thread's timed wait ends too (no livelock detection can
// help a single thread).
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: timeout 20 %t
// RUN: env SEEDS_OPTIONS=strategy=pct %seeds 20 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 20 timeout 20 %t | FileCheck %s
// CHECK: 20 seeds passed
#include <assert.h>
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static _Atomic int word;

static long futexWait(_Atomic int *w, int expected, long ms) {
  struct timespec t = {ms / 1000, (ms % 1000) * 1000000};
  return syscall(SYS_futex, w, FUTEX_WAIT_PRIVATE, expected, &t, 0, 0);
}

static void *setter(void *arg) {
  usleep(20000);
  atomic_store(&word, 1);
  syscall(SYS_futex, &word, FUTEX_WAKE_PRIVATE, 1, 0, 0, 0);
  return 0;
}

int main(void) {
  // Alone: the wait must time out.
  _Atomic int lonely = 0;
  long r = futexWait(&lonely, 0, 5);
  assert(r == -1 && errno == ETIMEDOUT);
  // A waiter retrying 1 ms waits until the setter's store.
  pthread_t t;
  pthread_create(&t, 0, setter, 0);
  int timeouts = 0;
  while (atomic_load(&word) == 0)
    if (futexWait(&word, 0, 1) == -1 && errno == ETIMEDOUT)
      ++timeouts;
  pthread_join(t, 0);
  assert(timeouts <= 20); // 20 ms of virtual time at most
  return 0;
}
