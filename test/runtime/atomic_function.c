// __attribute__((schedsan_atomic)) ([[schedsan::atomic]]): a call is one
// event. A bug inside such a function (another thread seeing the state
// between its two writes) can no longer be found; a bug across two calls (a
// lost update between get() and set()) still is. Random walk, seeds 1..200.
// RUN: %schedsan_cc -g -O1 -DPLAIN %s -o %t.plain
// RUN: %schedsan_cc -g -O1 %s -o %t.atomic
// RUN: %schedsan_cc -g -O1 -DACROSS %s -o %t.across
// RUN: %hits 200 %t.plain | FileCheck --check-prefix=FOUND %s
// RUN: %seeds 200 %t.atomic
// RUN: %hits 200 %t.across | FileCheck --check-prefix=FOUND %s
// FOUND: hits={{[1-9][0-9]*}} of 200
#include <assert.h>
#include <pthread.h>

#ifdef PLAIN
#define ATOMIC
#else
#define ATOMIC __attribute__((schedsan_atomic))
#endif

int a = 10, b = 0;

ATOMIC void transfer(void) {
  a = a - 1;
  b = b + 1;
}
ATOMIC int total(void) { return a + b; }

ATOMIC int get(void) { return b; }
ATOMIC void set(int v) { b = v; }

void *worker(void *arg) {
#ifdef ACROSS
  set(get() + 1); // two events: another thread may run in between
#else
  transfer();
#endif
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
#ifndef ACROSS
  assert(total() == 10 && "a transfer seen half done");
#endif
  pthread_join(t1, 0);
  pthread_join(t2, 0);
#ifdef ACROSS
  assert(b == 2 && "lost update");
#endif
  return 0;
}
