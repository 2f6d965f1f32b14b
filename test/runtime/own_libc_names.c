// A program may define its own function with a C library name that the
// runtime intercepts (the interceptors are weak): it links, and its own
// definition runs, as natively. Here the program's `sleep` and `time`
// count their calls; the rest of the program is scheduled as usual.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 10 %t | FileCheck %s
// CHECK: 10 seeds passed
// RUN: %t | FileCheck --check-prefix=OWN %s
// OWN: own sleep 2, own time 1
//
// With another sanitizer in the link (whose own interceptors are weak and
// come first) the wrappers link the strong interceptors, so threads stay
// scheduled: here a program without its own definitions under ASan.
// RUN: %schedsan_cc -fsanitize=address -g -O1 -DNO_OWN %s -o %t.asan
// RUN: env SCHEDSAN_OPTIONS=verbosity=1 %t.asan 2>&1 | FileCheck --check-prefix=ASAN %s
// ASAN: schedsan: strategy=random seed=0 threads=3
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static int sleeps, times;

#ifdef NO_OWN
#define sleep(S) ((void)(S))
#define time(P) ((void)(P), 42)
#else
unsigned sleep(unsigned Seconds) {
  ++sleeps;
  return 0;
}

time_t time(time_t *Out) {
  ++times;
  if (Out)
    *Out = 42;
  return 42;
}
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void *work(void *arg) {
  sleep(100);
  pthread_mutex_lock(&m);
  ++counter;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, work, 0);
  pthread_create(&b, 0, work, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2 && time(0) == 42);
  printf("own sleep %d, own time %d\n", sleeps, times);
  return 0;
}
