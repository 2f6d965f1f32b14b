// poll and select with no descriptors and a timeout are sleeps (older C
// code waits so): they wait on the virtual clock as usleep does, so a loop
// that polls a flag with them ends as soon as the flag is set, and the
// clocks show the time slept. (They used to sleep for real without moving
// the virtual clock: a loop waiting 100 ms a turn ran 1000 turns, 100 s,
// before the clock moved.) 20 seeds, each run at most 20 s.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 20 timeout 20 %t poll | FileCheck %s
// RUN: %seeds 20 timeout 20 %t ppoll | FileCheck %s
// RUN: %seeds 20 timeout 20 %t select | FileCheck %s
// RUN: %seeds 20 timeout 20 %t pselect | FileCheck %s
// CHECK: 20 seeds passed
#define _GNU_SOURCE
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

static int flag;
static const char *mode;

static void *worker(void *arg) {
  usleep(5000);
  __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
  return 0;
}

static long long now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000ll + t.tv_nsec / 1000000;
}

// One wait of 100 ms with no descriptor.
static void nap(void) {
  struct timespec ts = {0, 100 * 1000000};
  struct timeval tv = {0, 100 * 1000};
  if (!strcmp(mode, "poll"))
    poll(NULL, 0, 100);
  else if (!strcmp(mode, "ppoll"))
    ppoll(NULL, 0, &ts, NULL);
  else if (!strcmp(mode, "select"))
    select(0, NULL, NULL, NULL, &tv);
  else
    pselect(0, NULL, NULL, NULL, &ts, NULL);
}

int main(int argc, char **argv) {
  mode = argc > 1 ? argv[1] : "poll";
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  long long start = now_ms();
  int turns = 0;
  while (!__atomic_load_n(&flag, __ATOMIC_ACQUIRE)) {
    nap();
    ++turns;
  }
  long long slept = now_ms() - start;
  pthread_join(t, 0);
  if (turns > 1 || (turns == 1 && slept < 100)) {
    printf("%s: %d turns, %lld ms\n", mode, turns, slept);
    return 1;
  }
  return 0;
}
