// The shared body of two_stage_<N>.c and fixed/two_stage_<N>.c: a
// two-stage pipeline of N threads, N - 1 stage workers and one reader. Each
// file defines TWO_STAGE_N; a twin also defines TWO_STAGE_FIXED.
//
// A stage worker publishes stage one (`first`, under `first_lock`), then
// derives stage two from it (`second = first + 1`, under `second_lock`). The
// reader takes stage one, and if it is there, expects stage two to be
// derived from it; but a worker hands over between the stages with no lock
// held, and a reader that runs there finds stage one published and stage
// two not (bug depth 2: the reader's stage-one read after a worker's
// stage-one write, its stage-two read before any worker's stage-two
// write). The fixed twin keeps stage one's lock until stage two is
// derived, so a reader sees both stages or neither.
//
// Every shared access is under a lock, and no read is followed by a write
// of the same location, so the pass's compound-update option does not
// change the events.
#ifndef TWO_STAGE_N
#error "define TWO_STAGE_N (threads: N - 1 stage workers and a reader)"
#endif

#include <assert.h>
#include <pthread.h>
#include <stdio.h>

// The number of threads, for test scripts (benchmarks/bugs/scripts).
const int two_stage_threads = TWO_STAGE_N;

static pthread_mutex_t first_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t second_lock = PTHREAD_MUTEX_INITIALIZER;
static int first, second; // the stages' values (0: not yet)

static void *stage_worker(void *arg) {
  pthread_mutex_lock(&first_lock);
  first = 1;
#ifndef TWO_STAGE_FIXED
  pthread_mutex_unlock(&first_lock); // BUG: the hand-over is unprotected
#endif
  pthread_mutex_lock(&second_lock);
  second = first + 1;
  pthread_mutex_unlock(&second_lock);
#ifdef TWO_STAGE_FIXED
  pthread_mutex_unlock(&first_lock);
#endif
  return arg;
}

static void *reader(void *arg) {
  pthread_mutex_lock(&first_lock);
  int one = first;
  pthread_mutex_unlock(&first_lock);
  if (!one)
    return arg; // nothing published yet
  pthread_mutex_lock(&second_lock);
  int two = second;
  pthread_mutex_unlock(&second_lock);
  assert(two == one + 1 && "stage two read before it was derived");
  return arg;
}

int main(void) {
  static pthread_t t[TWO_STAGE_N];
  for (int i = 0; i < TWO_STAGE_N - 1; ++i)
    pthread_create(&t[i], 0, stage_worker, 0);
  pthread_create(&t[TWO_STAGE_N - 1], 0, reader, 0);
  for (int i = 0; i < TWO_STAGE_N; ++i)
    pthread_join(t[i], 0);
  printf("first=%d second=%d\n", first, second);
  return 0;
}
