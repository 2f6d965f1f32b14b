// A livelock's signature (the SUMMARY line, which schedsan run groups
// failures by) names the spinning loop, not the event its thread happened
// to stop at: here the flag's load or the sched_yield. Of the spinning
// threads' no-progress events in the fair phase, each thread's first site in
// source order: one signature for every run, under every strategy.
// RUN: %schedsan_cc -O1 -g %s -o %t
// RUN: %bindir/schedsan run --count -n 60 --no-coverage -o livelock_after=2000 -- %t > %t.random 2>&1 || true
// RUN: FileCheck %s < %t.random
// RUN: %bindir/schedsan run --count -n 60 --no-coverage --strategy pct -o livelock_after=2000 -- %t > %t.pct 2>&1 || true
// RUN: FileCheck %s < %t.pct
// RUN: %bindir/schedsan run --count -n 60 --no-coverage --strategy swarm -o livelock_after=2000 -- %t > %t.swarm 2>&1 || true
// RUN: FileCheck %s < %t.swarm
// CHECK: result 0 passed, 60 failed, 0 timed out: 1 signature
// CHECK: failure 1 of 1: livelock at {{.*}}livelock_signature.c:[[#@LINE+17]]:{{[0-9]+}} in spin
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

static atomic_int Flag;

static void *other(void *P) {
  // Changes the flag a few times, never to 2: how many of the changes a
  // spinner sees (a load that sees a new value is progress) depends on the
  // schedule, and so does which of its two events comes last.
  for (int I = 0; I < 5; ++I)
    atomic_store(&Flag, I % 2);
  return 0;
}

static void *spin(void *P) {
  while (atomic_load(&Flag) != 2)
    sched_yield();
  return 0;
}

int main(void) {
  pthread_t A, B, C;
  pthread_create(&A, 0, other, 0);
  pthread_create(&B, 0, spin, 0);
  pthread_create(&C, 0, spin, 0);
  pthread_join(A, 0);
  pthread_join(B, 0);
  pthread_join(C, 0);
  return 0;
}
