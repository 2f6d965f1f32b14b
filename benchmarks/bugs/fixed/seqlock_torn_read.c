// Fixed twin of ../seqlock_torn_read.c: the reader retries when the
// sequence number changed while it read the record.
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
  do {
    do
      s = atomic_load(&seq);
    while (s & 1);
    *a = atomic_load(&lo);
    *b = atomic_load(&hi);
  } while (atomic_load(&seq) != s);
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
