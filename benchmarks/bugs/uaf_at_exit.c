// Bug: use after free at exit (pbzip2 0.9.4, as in SCTBench): main waits for
//        the output writer, which finishes once every block is compressed,
//        then deletes the block queue (clearing its mutex pointer) and only
//        then joins the compressor threads. A compressor that has handed over
//        the last block loops back and locks the queue's mutex, which is
//        gone.
// Depth: 1 (one ordering constraint: main's delete of the queue before the
//        compressor's next lock. The hand-over wakes the writer and the
//        writer's exit wakes main, so with the compressor below the writer
//        and main PCT needs no change point.)
// Threads: 4 (main, which also reads the input, two compressors, the
//        output writer; 4 blocks).
// Manifests: a crash: SEGV when a compressor locks or unlocks the queue's
//        mutex through the pointer main cleared. (Today's runtime reports
//        the lock of a NULL mutex as a deadlock on "mutex 0x0, held by T0"
//        once any other mutex was used: the sync table's find(0) matches
//        an empty slot.) pbzip2 also destroys and frees the mutex; this program
//        does not, so that the failure is a clean NULL dereference: a
//        compressor that loaded the pointer just before the delete would
//        otherwise lock freed memory, and destroying a mutex a compressor
//        holds makes today's runtime hang.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCKS 4
#define COMPRESSORS 2

struct queue {
  pthread_mutex_t *mut;
  pthread_cond_t *not_empty;
  int blocks[BLOCKS];
  int head, tail;
  int all_read;
};

static struct queue *fifo;

// Output side: compressed blocks, collected by the writer in order.
static pthread_mutex_t out_mut = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t out_ready = PTHREAD_COND_INITIALIZER;
static int compressed[BLOCKS];
static int written;

static struct queue *queue_init(void) {
  struct queue *q = calloc(1, sizeof *q);
  q->mut = malloc(sizeof *q->mut);
  pthread_mutex_init(q->mut, 0);
  q->not_empty = malloc(sizeof *q->not_empty);
  pthread_cond_init(q->not_empty, 0);
  return q;
}

// pbzip2's queueDelete destroys and frees the mutex and the condition
// variable; here they are only retired (freed at exit), see the header.
static pthread_mutex_t *retired_mut;
static pthread_cond_t *retired_cond;

static void queue_delete(struct queue *q) {
  retired_mut = q->mut;
  q->mut = NULL;
  retired_cond = q->not_empty;
  q->not_empty = NULL;
}

static void *compressor(void *arg) {
  for (;;) {
    pthread_mutex_lock(fifo->mut); // fifo->mut is NULL after queue_delete
    while (fifo->head == fifo->tail && !fifo->all_read)
      pthread_cond_wait(fifo->not_empty, fifo->mut);
    if (fifo->head == fifo->tail) {
      pthread_mutex_unlock(fifo->mut);
      return 0;
    }
    int block = fifo->blocks[fifo->head++];
    pthread_mutex_unlock(fifo->mut);

    int out = block * 10; // "compress"
    pthread_mutex_lock(&out_mut);
    compressed[block - 1] = out;
    pthread_cond_signal(&out_ready);
    pthread_mutex_unlock(&out_mut);
  }
}

static void *writer(void *arg) {
  pthread_mutex_lock(&out_mut);
  for (written = 0; written < BLOCKS; ++written)
    while (compressed[written] == 0)
      pthread_cond_wait(&out_ready, &out_mut);
  pthread_mutex_unlock(&out_mut);
  return 0;
}

int main(void) {
  pthread_t c[COMPRESSORS], w;
  fifo = queue_init();
  for (int i = 0; i < COMPRESSORS; ++i)
    pthread_create(&c[i], 0, compressor, 0);
  pthread_create(&w, 0, writer, 0);
  for (int b = 0; b < BLOCKS; ++b) { // read the input
    pthread_mutex_lock(fifo->mut);
    fifo->blocks[fifo->tail++] = b + 1;
    pthread_cond_signal(fifo->not_empty);
    pthread_mutex_unlock(fifo->mut);
  }
  pthread_mutex_lock(fifo->mut);
  fifo->all_read = 1;
  pthread_cond_broadcast(fifo->not_empty);
  pthread_mutex_unlock(fifo->mut);

  pthread_join(w, 0); // every block is written...
  queue_delete(fifo); // ...but a compressor may still be using the queue
  for (int i = 0; i < COMPRESSORS; ++i)
    pthread_join(c[i], 0);
  free(fifo);
  free(retired_mut);
  free(retired_cond);
  printf("written=%d\n", written);
  return 0;
}
