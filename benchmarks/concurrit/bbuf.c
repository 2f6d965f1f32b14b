// Bounded buffer (producers and consumers) -- after the bbuf benchmark of
// Inspect, as used by Concurrit (Elmas et al., PLDI 2013, Table 1).
//
// Kind: atomicity violation. bb_put waits for a free slot in one critical
//   section and fills it in another; bb_get waits for an item and takes it
//   likewise. Two producers that both saw the last free slot (or two
//   consumers that both saw the last item) overflow (underflow) the buffer.
// Threads: main, two producers (producer), two consumers (consumer); the
//   four workers are the ones a script controls.
// The bug: the assertions in bb_put ("overflow") and bb_get ("underflow")
//   fail when another thread of the same kind acted between the check and
//   the act.
// Functions that matter: bb_put, bb_get.
// Control points (SearchInFuncLS: around the racy check and act):
//   1 before bb_put's check, 2 between its check and its act;
//   3 before bb_get's check, 4 between its check and its act.
// Fixed twin: fixed/bbuf.c (check and act in one critical section).
#include <assert.h>
#include <pthread.h>
#include <schedsan/control.h>
#include <stdio.h>

#define SIZE 2  // slots
#define ITEMS 2 // items each producer puts and each consumer takes

static int buf[SIZE];
static int in, out, count;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static long sum;

void bb_put(int v) {
  SCHEDSAN_CONTROL_POINT(1);
  pthread_mutex_lock(&lock);
  while (count == SIZE) // check
    pthread_cond_wait(&not_full, &lock);
  pthread_mutex_unlock(&lock);
  SCHEDSAN_CONTROL_POINT(2);
  pthread_mutex_lock(&lock); // act: the slot may be gone by now
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
  while (count == 0) // check
    pthread_cond_wait(&not_empty, &lock);
  pthread_mutex_unlock(&lock);
  SCHEDSAN_CONTROL_POINT(4);
  pthread_mutex_lock(&lock); // act: the item may be gone by now
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
