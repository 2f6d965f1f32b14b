// A tracing library with a racy global -- after ctrace (Inspect, as used by
// Concurrit, Elmas et al., PLDI 2013, Table 1 and Appendix A).
//
// Kind: atomicity violation (a lost update). trace_enter takes the next
//   record of the shared trace buffer by reading trace_pos and writing it
//   back one higher, unprotected: the library assumed one traced thread.
//   Two threads that read the same trace_pos write their records into one
//   slot, and the first one's record is lost.
// Threads: main, two traced workers (worker); the workers matter.
// The bug: the assertion in trace_exit ("trace record overwritten") fails
//   in the thread whose record another thread overwrote between its
//   trace_enter and its trace_exit.
// Functions that matter: trace_enter, trace_exit.
// Control points (SearchInFuncLS: around the racy accesses): 41 before
//   trace_enter reads trace_pos, 42 between the read and the write back,
//   43 where trace_exit checks its record.
// Fixed twin: fixed/ctrace.c (trace_pos is taken under the library's lock).
#include <assert.h>
#include <pthread.h>
#include <schedsan/control.h>
#include <stdio.h>

#define RECORDS 64
#define CALLS 2 // traced calls per worker

struct record {
  int tid;
  const char *fn;
};

static struct record trace_buf[RECORDS];
static int trace_pos; // the racy global: the next free record
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static long trace_bytes; // what the library wrote out (under out_lock)

int trace_enter(int tid, const char *fn) {
  SCHEDSAN_CONTROL_POINT(41);
  int slot = trace_pos; // read ...
  SCHEDSAN_CONTROL_POINT(42);
  trace_buf[slot].tid = tid;
  trace_buf[slot].fn = fn;
  trace_pos = slot + 1; // ... and write back, not atomically
  return slot;
}

void trace_exit(int tid, int slot) {
  SCHEDSAN_CONTROL_POINT(43);
  assert(trace_buf[slot].tid == tid &&
         "trace record overwritten: trace_pos raced");
  pthread_mutex_lock(&out_lock);
  trace_bytes += 16;
  pthread_mutex_unlock(&out_lock);
}

static int work(int tid, int x) {
  int slot = trace_enter(tid, "work");
  int y = x * x + tid;
  trace_exit(tid, slot);
  return y;
}

static void *worker(void *arg) {
  int tid = (int)(long)arg;
  long s = 0;
  for (int i = 0; i < CALLS; ++i)
    s += work(tid, i);
  return (void *)s;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, worker, (void *)(long)(i + 1));
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  printf("records=%d bytes=%ld\n", trace_pos, trace_bytes);
  return 0;
}
