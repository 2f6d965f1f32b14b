// sleep, usleep, nanosleep and sched_yield do not sleep under control: they
// are yields. A program that "sleeps" 300 s finishes at once.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=verbosity=1 timeout 20 %t 2>&1 | FileCheck %s
// CHECK: done
// CHECK: ==[[PID:[0-9]+]]==schedsan: strategy=random seed=0 threads=2 steps={{[0-9]+}}
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

int flag;
void *worker(void *arg) {
  sleep(100);
  usleep(100 * 1000 * 1000);
  struct timespec ts = {100, 0}, rem = {1, 1};
  nanosleep(&ts, &rem);
  if (rem.tv_sec || rem.tv_nsec) return (void *)1;
  clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, 0);
  __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
  return 0;
}
int main() {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  while (!__atomic_load_n(&flag, __ATOMIC_ACQUIRE))
    sched_yield();
  void *r;
  pthread_join(t, &r);
  printf("done\n");
  fflush(stdout);
  return r != 0;
}
