// Fixed twin of ../ctrace.c: trace_enter takes its record under the
// library's lock. Same threads, functions and control points.
#include <assert.h>
#include <pthread.h>
#include <schedsan/control.h>
#include <stdio.h>

#define RECORDS 64
#define CALLS 2

struct record {
  int tid;
  const char *fn;
};

static struct record trace_buf[RECORDS];
static int trace_pos;
static pthread_mutex_t pos_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static long trace_bytes;

int trace_enter(int tid, const char *fn) {
  SCHEDSAN_CONTROL_POINT(41);
  pthread_mutex_lock(&pos_lock);
  int slot = trace_pos;
  SCHEDSAN_CONTROL_POINT(42);
  trace_buf[slot].tid = tid;
  trace_buf[slot].fn = fn;
  trace_pos = slot + 1;
  pthread_mutex_unlock(&pos_lock);
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
