// Ways a process ends: main returning while a worker still runs, exit() from
// a worker, _exit, a detached thread, atexit handlers, pthread_exit in main.
// None may hang or report; exit codes are kept.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SEEDS_OPTIONS=watchdog_ms=0 %seeds 30 %t main_returns | FileCheck %s
// RUN: env SEEDS_OPTIONS=watchdog_ms=0 %seeds 30 %t detached | FileCheck %s
// RUN: env SEEDS_OPTIONS=watchdog_ms=0 %seeds 30 %t main_pthread_exit | FileCheck %s
// With the watchdog thread: it ends once no live thread is left, so the
// process does too (it used to keep it alive for good).
// RUN: %seeds 5 timeout 10 %t main_pthread_exit | FileCheck --check-prefix=WATCHED %s
// WATCHED: 5 seeds passed
// CHECK: 30 seeds passed
// RUN: env SCHEDSAN_OPTIONS=seed=3 %t worker_exit > %t.out 2>&1; test $? = 7
// RUN: env SCHEDSAN_OPTIONS=seed=3 %t underscore_exit > %t.out 2>&1; test $? = 9
// RUN: env SCHEDSAN_OPTIONS=seed=3 %t atexit | FileCheck --check-prefix=ATEXIT %s
// ATEXIT: atexit handler ran
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

volatile int spin;
void *forever(void *arg) { for (;;) spin++; return 0; }
void *exits(void *arg) { exit(7); }
void *underscore(void *arg) { _exit(9); }
int detached_done;
void *detached(void *arg) { __atomic_store_n(&detached_done, 1, __ATOMIC_SEQ_CST); return 0; }
void *last(void *arg) { return 0; }
void handler(void) { printf("atexit handler ran\n"); }

int main(int argc, char **argv) {
  pthread_t t;
  const char *mode = argc > 1 ? argv[1] : "";
  if (!strcmp(mode, "main_returns")) {
    pthread_create(&t, 0, forever, 0);
    return 0;
  }
  if (!strcmp(mode, "worker_exit")) {
    pthread_create(&t, 0, exits, 0);
    pthread_join(t, 0);
    return 0;
  }
  if (!strcmp(mode, "underscore_exit")) {
    pthread_create(&t, 0, underscore, 0);
    pthread_join(t, 0);
    return 0;
  }
  if (!strcmp(mode, "detached")) {
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    pthread_create(&t, &a, detached, 0);
    pthread_create(&t, 0, detached, 0);
    pthread_detach(t);
    return 0;
  }
  if (!strcmp(mode, "main_pthread_exit")) {
    pthread_create(&t, 0, last, 0);
    pthread_exit(0);
  }
  if (!strcmp(mode, "atexit")) {
    atexit(handler);
    pthread_create(&t, 0, last, 0);
    pthread_join(t, 0);
    return 0;
  }
  return 1;
}
