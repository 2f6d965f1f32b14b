// POSIX timers that notify in a thread (SIGEV_THREAD): the notification
// runs in a controlled thread, on the virtual clock. (The C library's own
// notification thread is one the run never sees: a program waiting for the
// first notification was reported as a deadlock at once, every run.) A
// one-shot timer, an absolute one, and an interval timer whose third
// notification deletes it; timer_gettime shows the time left.
// 20 seeds under each strategy, each run at most 20 s.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %t | FileCheck --check-prefix=ONE %s
// ONE: 3 notifications
// RUN: env SEEDS_OPTIONS=strategy=random %seeds 20 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct %seeds 20 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 20 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=swarm %seeds 20 timeout 20 %t | FileCheck %s
// CHECK: 20 seeds passed
#include <assert.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static sem_t fired;
static timer_t interval;
static int ticks;

static void onTimer(union sigval v) {
  assert(v.sival_int == 7);
  sem_post(&fired);
}

static void onTick(union sigval v) {
  if (++ticks == 3)
    assert(timer_delete(interval) == 0);
  sem_post(&fired);
}

static timer_t make(void (*fn)(union sigval), int value) {
  struct sigevent sev;
  memset(&sev, 0, sizeof(sev));
  sev.sigev_notify = SIGEV_THREAD;
  sev.sigev_notify_function = fn;
  sev.sigev_value.sival_int = value;
  timer_t id;
  assert(timer_create(CLOCK_MONOTONIC, &sev, &id) == 0);
  return id;
}

int main(void) {
  sem_init(&fired, 0, 0);

  // Once, in 2 ms; not yet fired, it has time left.
  timer_t once = make(onTimer, 7);
  struct itimerspec its = {{0, 0}, {0, 2000000}}, left;
  assert(timer_settime(once, 0, &its, 0) == 0);
  assert(timer_gettime(once, &left) == 0);
  assert(left.it_value.tv_sec == 0 && left.it_value.tv_nsec > 0);
  sem_wait(&fired);
  assert(timer_gettime(once, &left) == 0 && left.it_value.tv_nsec == 0);

  // At an absolute time 1 ms from now.
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  now.tv_nsec += 1000000;
  if (now.tv_nsec >= 1000000000) {
    now.tv_sec += 1;
    now.tv_nsec -= 1000000000;
  }
  struct itimerspec at = {{0, 0}, now};
  assert(timer_settime(once, TIMER_ABSTIME, &at, 0) == 0);
  sem_wait(&fired);
  assert(timer_delete(once) == 0);

  // Every 1 ms; the third notification deletes the timer.
  interval = make(onTick, 0);
  struct itimerspec every = {{0, 1000000}, {0, 1000000}};
  assert(timer_settime(interval, 0, &every, 0) == 0);
  for (int i = 0; i != 3; ++i)
    sem_wait(&fired);
  printf("%d notifications\n", ticks);
  assert(ticks == 3);
  return 0;
}
