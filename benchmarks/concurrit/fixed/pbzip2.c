// Fixed twin of ../pbzip2.c: main joins the consumers before it tears the
// FIFO down. Same threads, functions and control points.
#include <assert.h>
#include <pthread.h>
#include <schedsan/control.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCKS 3
#define CONSUMERS 2

typedef struct {
  int alive;
  int blocks[BLOCKS];
  int head, count, done;
  pthread_mutex_t mut;
  pthread_cond_t not_empty;
} queue;

static queue *fifo;
static pthread_mutex_t out_mut = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t out_more = PTHREAD_COND_INITIALIZER;
static int compressed;
static long checksum;

static queue *queue_use(void) {
  queue *q = fifo;
  assert(q && q->alive && "FIFO used after main deleted it");
  return q;
}

static void queue_delete(queue *q) {
  fifo = NULL;
  q->alive = 0;
}

static void compress_block(int block) {
  pthread_mutex_lock(&out_mut);
  checksum += block * 7 % 5;
  ++compressed;
  pthread_cond_signal(&out_more);
  pthread_mutex_unlock(&out_mut);
}

void *consumer(void *arg) {
  for (;;) {
    SCHEDSAN_CONTROL_POINT(20);
    queue *q = queue_use();
    pthread_mutex_lock(&q->mut);
    while (q->count == 0 && !q->done)
      pthread_cond_wait(&q->not_empty, &q->mut);
    if (q->count == 0) {
      pthread_mutex_unlock(&q->mut);
      return arg;
    }
    int block = q->blocks[q->head++];
    --q->count;
    pthread_mutex_unlock(&q->mut);
    compress_block(block);
  }
}

// The producer's part: queues the file's blocks, then marks the FIFO done.
void read_blocks(queue *q) {
  for (int b = 0; b < BLOCKS; ++b) {
    pthread_mutex_lock(&q->mut);
    q->blocks[q->head + q->count++] = b + 1;
    pthread_cond_signal(&q->not_empty);
    pthread_mutex_unlock(&q->mut);
  }
  pthread_mutex_lock(&q->mut);
  q->done = 1;
  pthread_cond_broadcast(&q->not_empty);
  pthread_mutex_unlock(&q->mut);
}

// Waits until every block is compressed.
void wait_compressed(void) {
  pthread_mutex_lock(&out_mut);
  while (compressed < BLOCKS)
    pthread_cond_wait(&out_more, &out_mut);
  pthread_mutex_unlock(&out_mut);
}

int main(void) {
  static queue q = {.alive = 1,
                    .mut = PTHREAD_MUTEX_INITIALIZER,
                    .not_empty = PTHREAD_COND_INITIALIZER};
  fifo = &q;
  pthread_t c[CONSUMERS];
  for (int i = 0; i < CONSUMERS; ++i)
    pthread_create(&c[i], 0, consumer, 0);
  read_blocks(&q);
  wait_compressed();
  for (int i = 0; i < CONSUMERS; ++i) // every consumer is done with the FIFO
    pthread_join(c[i], 0);
  SCHEDSAN_CONTROL_POINT(21);
  queue_delete(&q);
  SCHEDSAN_CONTROL_POINT(22);
  printf("checksum=%ld\n", checksum);
  return 0;
}
