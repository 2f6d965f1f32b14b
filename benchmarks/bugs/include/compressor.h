// The shared body of compressor_teardown.c and fixed/compressor_teardown.c:
// a parallel compressor after pbzip2 0.9.4. A producer reads the input's
// blocks into a bounded FIFO (a mutex, two condition variables and a
// buffer) and marks it done; consumers take blocks, compress them and
// record the result; each consumer ends when it finds the FIFO done and
// empty. Main starts them, joins the producer and tears the FIFO down
// (queue_delete: the buffer, the condition variables and the mutex). The
// bug file does that before the consumers have ended; the twin defines
// COMPRESSOR_FIXED and joins the consumers first.
//
// The real program frees the FIFO, and a consumer that comes back to it
// crashes; here the FIFO's storage stays allocated and the consumer's
// assertion (queue_use, after every acquisition of the FIFO's mutex)
// catches the stale use, so that the failure does not depend on what the
// freed memory holds.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define BLOCKS 4
#define CAPACITY 2
#define CONSUMERS 2

typedef struct {
  atomic_int alive; // 0 once main has deleted the FIFO
  pthread_mutex_t mut;
  pthread_cond_t not_empty, not_full;
  // Under mut; volatile, so that an update such as `count = count + 1` is
  // a read and a write whatever the pass's compound-update option.
  volatile int buf[CAPACITY];
  volatile int head, count, done;
} fifo_t;

static fifo_t fifo = {.alive = 1,
                      .mut = PTHREAD_MUTEX_INITIALIZER,
                      .not_empty = PTHREAD_COND_INITIALIZER,
                      .not_full = PTHREAD_COND_INITIALIZER};

static pthread_mutex_t out_mut = PTHREAD_MUTEX_INITIALIZER;
static volatile int compressed[BLOCKS]; // under out_mut

// A consumer's (and the producer's) every look at the FIFO, with its mutex
// held.
static fifo_t *queue_use(void) {
  pthread_mutex_lock(&fifo.mut);
  assert(atomic_load(&fifo.alive) && "FIFO used after main deleted it");
  return &fifo;
}

static void queue_delete(fifo_t *q) {
  pthread_mutex_lock(&q->mut);
  atomic_store(&q->alive, 0);
  for (int i = 0; i < CAPACITY; ++i)
    q->buf[i] = -1;
  pthread_mutex_unlock(&q->mut);
  pthread_cond_destroy(&q->not_empty);
  pthread_cond_destroy(&q->not_full);
  pthread_mutex_destroy(&q->mut);
}

static void *producer(void *arg) {
  for (int b = 0; b < BLOCKS; ++b) {
    fifo_t *q = queue_use();
    while (q->count == CAPACITY)
      pthread_cond_wait(&q->not_full, &q->mut);
    q->buf[(q->head + q->count) % CAPACITY] = b;
    q->count = q->count + 1;
    pthread_cond_signal(&q->not_empty);
    pthread_mutex_unlock(&q->mut);
  }
  fifo_t *q = queue_use();
  q->done = 1;
  pthread_cond_broadcast(&q->not_empty);
  pthread_mutex_unlock(&q->mut);
  return arg;
}

static void *consumer(void *arg) {
  for (;;) {
    fifo_t *q = queue_use();
    while (q->count == 0 && !q->done) {
      pthread_cond_wait(&q->not_empty, &q->mut);
      assert(atomic_load(&q->alive) && "FIFO used after main deleted it");
    }
    if (q->count == 0) { // done, and nothing left
      pthread_mutex_unlock(&q->mut);
      return arg;
    }
    int block = q->buf[q->head];
    q->head = (q->head + 1) % CAPACITY;
    q->count = q->count - 1;
    pthread_cond_signal(&q->not_full);
    pthread_mutex_unlock(&q->mut);
    pthread_mutex_lock(&out_mut); // "compress" the block
    compressed[block] = block * 7 % 5 + 1;
    pthread_mutex_unlock(&out_mut);
  }
}

int main(void) {
  pthread_t p, c[CONSUMERS];
  pthread_create(&p, 0, producer, 0);
  for (int i = 0; i < CONSUMERS; ++i)
    pthread_create(&c[i], 0, consumer, 0);
  pthread_join(p, 0);
#ifdef COMPRESSOR_FIXED
  for (int i = 0; i < CONSUMERS; ++i)
    pthread_join(c[i], 0);
  queue_delete(&fifo);
#else
  queue_delete(&fifo); // BUG: the consumers may still come back to it
  for (int i = 0; i < CONSUMERS; ++i)
    pthread_join(c[i], 0);
#endif
  pthread_mutex_lock(&out_mut);
  for (int b = 0; b < BLOCKS; ++b)
    assert(compressed[b] && "a block was never compressed");
  pthread_mutex_unlock(&out_mut);
  printf("%d blocks compressed\n", BLOCKS);
  return 0;
}
