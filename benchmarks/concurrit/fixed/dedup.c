// Fixed twin of ../dedup.c: dedup_stage finishes each chunk before it
// hands it on. Same threads, functions and control points.
#include <assert.h>
#include <pthread.h>
#include <schedsan/control.h>
#include <stdio.h>

#define CHUNKS 3

struct chunk {
  int data;
  unsigned fingerprint; // 0: not computed yet
  int is_dup;
};

static struct chunk chunks[CHUNKS] = {{7, 0, 0}, {9, 0, 0}, {7, 0, 0}};

static struct chunk *pipe_q[CHUNKS]; // dedup_stage -> compress_stage
static int pipe_in, pipe_out;
static pthread_mutex_t pipe_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pipe_more = PTHREAD_COND_INITIALIZER;
static long out_bytes;

static void stage_send(struct chunk *c) {
  pthread_mutex_lock(&pipe_lock);
  pipe_q[pipe_in++] = c;
  pthread_cond_signal(&pipe_more);
  pthread_mutex_unlock(&pipe_lock);
}

static struct chunk *stage_receive(void) {
  pthread_mutex_lock(&pipe_lock);
  while (pipe_out == pipe_in)
    pthread_cond_wait(&pipe_more, &pipe_lock);
  struct chunk *c = pipe_q[pipe_out++];
  pthread_mutex_unlock(&pipe_lock);
  return c;
}

static unsigned fingerprint(int data) {
  return (unsigned)data * 2654435761u | 1;
}

void *dedup_stage(void *arg) {
  for (int i = 0; i < CHUNKS; ++i) {
    struct chunk *c = &chunks[i];
    SCHEDSAN_CONTROL_POINT(30);
    c->is_dup = i > 0 && chunks[0].data == c->data;
    c->fingerprint = fingerprint(c->data);
    SCHEDSAN_CONTROL_POINT(31);
    stage_send(c); // finished: hand it on
  }
  return arg;
}

void *compress_stage(void *arg) {
  for (int i = 0; i < CHUNKS; ++i) {
    struct chunk *c = stage_receive();
    SCHEDSAN_CONTROL_POINT(32);
    assert(c->fingerprint && "chunk reached the next stage unfinished");
    out_bytes += c->is_dup ? 4 : 16;
  }
  return arg;
}

int main(void) {
  pthread_t d, c;
  pthread_create(&d, 0, dedup_stage, 0);
  pthread_create(&c, 0, compress_stage, 0);
  pthread_join(d, 0);
  pthread_join(c, 0);
  printf("out=%ld\n", out_bytes);
  return 0;
}
