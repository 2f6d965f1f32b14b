// Overhead benchmark, sharing by hand-off: a three-stage pipeline connected
// by bounded queues (mutex + two condition variables each). The reader
// fills BLOCK-byte blocks, the transformer checksums and scrambles each
// block, the writer folds the checksums; a block is touched by one stage at
// a time, but every byte access is a scheduling point (the block is on the
// heap and passed by pointer). Built with -DPRIVATE_IGNORED the per-block
// kernels are not instrumented: what a filter for memory handed from one
// owner to the next would save.
#include <pthread.h>
#include <stdlib.h>

#include "bench.h"

#define BLOCKS 3000
#define BLOCK 64
#define DEPTH 8

struct queue {
  pthread_mutex_t lock;
  pthread_cond_t not_empty, not_full;
  unsigned char *items[DEPTH];
  int head, count;
};

static struct queue q1 = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
                          PTHREAD_COND_INITIALIZER, {0}, 0, 0};
static struct queue q2 = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
                          PTHREAD_COND_INITIALIZER, {0}, 0, 0};
static unsigned long long result;

static void put(struct queue *q, unsigned char *b) {
  pthread_mutex_lock(&q->lock);
  while (q->count == DEPTH)
    pthread_cond_wait(&q->not_full, &q->lock);
  q->items[(q->head + q->count++) % DEPTH] = b;
  pthread_cond_signal(&q->not_empty);
  pthread_mutex_unlock(&q->lock);
}

static unsigned char *get(struct queue *q) {
  pthread_mutex_lock(&q->lock);
  while (q->count == 0)
    pthread_cond_wait(&q->not_empty, &q->lock);
  unsigned char *b = q->items[q->head];
  q->head = (q->head + 1) % DEPTH;
  --q->count;
  pthread_cond_signal(&q->not_full);
  pthread_mutex_unlock(&q->lock);
  return b;
}

// The per-block work: each block is owned by one stage at a time.
PRIVATE_KERNEL static unsigned fill_block(unsigned char *b, unsigned x) {
  for (int j = 0; j < BLOCK; ++j) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    b[j] = (unsigned char)x;
  }
  return x;
}

PRIVATE_KERNEL static void transform_block(unsigned char *b) {
  unsigned sum = 0;
  for (int j = 0; j < BLOCK; ++j) {
    sum = sum * 31 + b[j];
    b[j] ^= (unsigned char)sum;
  }
}

PRIVATE_KERNEL static unsigned long long fold_block(const unsigned char *b,
                                                    unsigned long long acc) {
  for (int j = 0; j < BLOCK; ++j)
    acc = acc * 131 + b[j];
  return acc;
}

static void *reader(void *arg) {
  unsigned x = 2463534242u;
  for (int i = 0; i < BLOCKS; ++i) {
    unsigned char *b = malloc(BLOCK);
    x = fill_block(b, x);
    put(&q1, b);
  }
  return 0;
}

static void *transformer(void *arg) {
  for (int i = 0; i < BLOCKS; ++i) {
    unsigned char *b = get(&q1);
    transform_block(b);
    put(&q2, b);
  }
  return 0;
}

static void *writer(void *arg) {
  unsigned long long acc = 0;
  for (int i = 0; i < BLOCKS; ++i) {
    unsigned char *b = get(&q2);
    acc = fold_block(b, acc);
    free(b);
  }
  result = acc;
  return 0;
}

int main(void) {
  pthread_t r, t, w;
  double start = bench_now_us();
  pthread_create(&r, 0, reader, 0);
  pthread_create(&t, 0, transformer, 0);
  pthread_create(&w, 0, writer, 0);
  pthread_join(r, 0);
  pthread_join(t, 0);
  pthread_join(w, 0);
  bench_report("pipeline", start, result);
  return 0;
}
