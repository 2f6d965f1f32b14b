// A parallel compressor's FIFO -- after pbzip2 0.9.4 (RADBench, as used by
// Concurrit, Elmas et al., PLDI 2013, Table 1).
//
// Kind: order violation at shutdown. The main thread (the producer) queues
//   the blocks and marks the FIFO done (read_blocks), waits until every
//   block is compressed (wait_compressed) and then tears the FIFO down
//   (queue_delete) -- without joining the consumers first. A consumer that
//   compressed the last block goes back to the FIFO for more: if main deleted
//   it in between, it uses a torn-down FIFO.
// Threads: main (producer), two consumers (consumer); all three matter.
// The bug: the assertion in queue_use ("FIFO used after main deleted it")
//   fails when main's queue_delete comes between a consumer's last
//   compress_block and its next look at the FIFO. (The real program frees
//   the FIFO and crashes; here its memory stays allocated, so that a stale
//   use is caught by the assertion, not left to chance.)
// Functions that matter: queue_use (consumer), queue_delete (main);
//   wait_compressed marks where main waits for the consumers.
// Control points (SearchInFuncLS: the beginning and end of the blocks
//   whose order matters): 20 where a consumer comes back to the FIFO,
//   21 before main's teardown, 22 after it.
// Fixed twin: fixed/pbzip2.c (main joins the consumers before the
//   teardown).
#include <assert.h>
#include <pthread.h>
#include <schedsan/control.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCKS 3
#define CONSUMERS 2

typedef struct {
  int alive; // 0 once deleted (the real program frees it)
  int blocks[BLOCKS];
  int head, count, done;
  pthread_mutex_t mut;
  pthread_cond_t not_empty;
} queue;

static queue *fifo;
static pthread_mutex_t out_mut = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t out_more = PTHREAD_COND_INITIALIZER;
static int compressed; // blocks compressed so far (under out_mut)
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
    if (q->count == 0) { // done, and nothing left
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

// Waits until every block is compressed (but not for the consumers).
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
  SCHEDSAN_CONTROL_POINT(21);
  queue_delete(&q); // a consumer may still come back to the FIFO
  SCHEDSAN_CONTROL_POINT(22);
  for (int i = 0; i < CONSUMERS; ++i)
    pthread_join(c[i], 0);
  printf("checksum=%ld\n", checksum);
  return 0;
}
