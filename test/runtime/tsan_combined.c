// schedsan with ThreadSanitizer: the runtime and its threads are invisible
// to TSan (no race or thread leak reported in them), and synchronization
// the runtime performs only in its model (barriers) is made visible to it,
// so a correct program gets no TSan report under any schedule. A real race
// is reported by TSan; with exitcode=0 the run still ends with its schedule
// and replay line.
// RUN: %schedsan_cc -fsanitize=thread -g -O1 %s -o %t
// RUN: env SEEDS_OPTIONS=strategy=pct %seeds 5 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=random %seeds 5 %t | FileCheck %s
// CHECK: 5 seeds passed
// Hundreds of threads coming and going (the strategies' arrays grow and
// shrink, thread states are allocated): still nothing in the runtime.
// RUN: %schedsan_cc -fsanitize=thread -g -O1 %S/thread_churn.c -o %t.churn
// RUN: env SEEDS_OPTIONS=strategy=pct %seeds 2 %t.churn | FileCheck --check-prefix=CHURN %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 2 %t.churn | FileCheck --check-prefix=CHURN %s
// CHURN: 2 seeds passed
// RUN: env TSAN_OPTIONS=exitcode=0 SCHEDSAN_OPTIONS=seed=1 %t race > %t.race 2>&1
// RUN: FileCheck --check-prefix=RACE %s < %t.race
// RACE: WARNING: ThreadSanitizer: data race
// RACE: ScheduleSanitizer: the run had a sanitizer finding above (and exits 0)
// RACE-NEXT: Schedule trace:
// RACE-NEXT: Replay: SCHEDSAN_OPTIONS=
#include <pthread.h>
#include <semaphore.h>
#include <string.h>

static pthread_barrier_t barrier;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static sem_t s;
static int data[2], ready, counter, racy;

static void *worker(void *arg) {
  long i = (long)arg;
  data[i] = 1;
  pthread_barrier_wait(&barrier);
  int other = data[1 - i]; // ordered by the barrier
  pthread_mutex_lock(&m);
  counter += other;
  if (i == 0) {
    ready = 1;
    pthread_cond_signal(&c);
  }
  pthread_mutex_unlock(&m);
  sem_post(&s);
  return 0;
}

static void *racer(void *arg) {
  racy++;
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "race")) {
    pthread_t a, b;
    pthread_create(&a, 0, racer, 0);
    pthread_create(&b, 0, racer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
  }
  pthread_barrier_init(&barrier, 0, 2);
  sem_init(&s, 0, 0);
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, worker, (void *)i);
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  sem_wait(&s);
  sem_wait(&s);
  for (int i = 0; i < 2; ++i)
    pthread_join(t[i], 0);
  return counter == 2 ? 0 : 1;
}
