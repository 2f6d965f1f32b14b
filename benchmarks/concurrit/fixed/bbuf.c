// Fixed twin of ../bbuf.c: bb_put and bb_get check and act in one critical
// section (waiting on condition variables while the buffer is full or
// empty). Same threads, functions and control points.
#include <assert.h>
#include <pthread.h>
#include <schedsan/control.h>
#include <stdio.h>

#define SIZE 2
#define ITEMS 2

static int buf[SIZE];
static int in, out, count;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static long sum;

void bb_put(int v) {
  SCHEDSAN_CONTROL_POINT(1);
  pthread_mutex_lock(&lock);
  while (count == SIZE)
    pthread_cond_wait(&not_full, &lock);
  SCHEDSAN_CONTROL_POINT(2);
  assert(count < SIZE && "bounded buffer overflow: slot taken since the check");
  buf[in] = v;
  in = (in + 1) % SIZE;
  ++count;
  pthread_cond_signal(&not_empty);
  pthread_mutex_unlock(&lock);
}

int bb_get(void) {
  SCHEDSAN_CONTROL_POINT(3);
  pthread_mutex_lock(&lock);
  while (count == 0)
    pthread_cond_wait(&not_empty, &lock);
  SCHEDSAN_CONTROL_POINT(4);
  assert(count > 0 && "bounded buffer underflow: item taken since the check");
  int v = buf[out];
  out = (out + 1) % SIZE;
  --count;
  pthread_cond_signal(&not_full);
  pthread_mutex_unlock(&lock);
  return v;
}

static void *producer(void *arg) {
  int base = (int)(long)arg;
  for (int i = 0; i < ITEMS; ++i)
    bb_put(base + i);
  return 0;
}

static void *consumer(void *arg) {
  long s = 0;
  for (int i = 0; i < ITEMS; ++i)
    s += bb_get();
  pthread_mutex_lock(&lock);
  sum += s;
  pthread_mutex_unlock(&lock);
  return arg;
}

int main(void) {
  pthread_t p[2], c[2];
  for (int i = 0; i < 2; ++i) {
    pthread_create(&p[i], 0, producer, (void *)(long)(10 * (i + 1)));
    pthread_create(&c[i], 0, consumer, 0);
  }
  for (int i = 0; i < 2; ++i) {
    pthread_join(p[i], 0);
    pthread_join(c[i], 0);
  }
  assert(sum == 10 + 11 + 20 + 21 && count == 0);
  printf("sum=%ld\n", sum);
  return 0;
}
