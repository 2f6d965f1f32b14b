// Fixed twin of ../uaf_at_exit.c: main joins the compressors before it
// deletes the queue they use.
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

static void queue_delete(struct queue *q) {
  pthread_mutex_destroy(q->mut);
  free(q->mut);
  q->mut = NULL;
  pthread_cond_destroy(q->not_empty);
  free(q->not_empty);
  q->not_empty = NULL;
}

static void *compressor(void *arg) {
  for (;;) {
    pthread_mutex_lock(fifo->mut);
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

  pthread_join(w, 0);
  for (int i = 0; i < COMPRESSORS; ++i)
    pthread_join(c[i], 0);
  queue_delete(fifo); // nobody uses the queue any more
  assert(written == BLOCKS);
  free(fifo);
  printf("written=%d\n", written);
  return 0;
}
