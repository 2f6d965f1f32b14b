// Bug: a seqlock reader that forgets to re-check the sequence number: it
//        waits for an even sequence, reads the two halves of the record,
//        but does not retry when a writer ran in between, so it can return
//        a torn record (lock-free, sequentially consistent atomics).
// Depth: 2 (the reader's read of `seq` and of `lo` before the writer's
//        update, and the writer's store of `hi` before the reader's read of
//        `hi`: one preemption of the reader between its two data reads).
// Threads: 3 (main, one writer updating the record twice, one reader
//        reading it twice).
// Manifests: the assertion in `reader` fails ("torn read") when the two
//        halves come from different updates.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_uint seq;           // odd while an update is in progress
static atomic_int lo, hi;         // a record: both halves hold the same value

static void write_record(int v) {
  atomic_fetch_add(&seq, 1);
  atomic_store(&lo, v);
  atomic_store(&hi, v);
  atomic_fetch_add(&seq, 1);
}

static void read_record(int *a, int *b) {
  unsigned s;
  do
    s = atomic_load(&seq);
  while (s & 1);
  *a = atomic_load(&lo);
  *b = atomic_load(&hi);
  // BUG: missing `if (atomic_load(&seq) != s) retry;`
}

static void *writer(void *arg) {
  write_record(1);
  write_record(2);
  return 0;
}

static void *reader(void *arg) {
  for (int i = 0; i < 2; ++i) {
    int a, b;
    read_record(&a, &b);
    assert(a == b && "torn read: the seqlock reader did not re-check seq");
  }
  return 0;
}

int main(void) {
  pthread_t w, r;
  pthread_create(&w, 0, writer, 0);
  pthread_create(&r, 0, reader, 0);
  pthread_join(w, 0);
  pthread_join(r, 0);
  printf("record=%d\n", atomic_load(&lo));
  return 0;
}
