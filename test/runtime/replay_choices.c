// A replay follows a recorded choice (which waiter a signal wakes) made at
// a step where the strategy kept the running thread (a pick a trace does
// not record): it must not mistake the choice for a missing pick. Every
// seed's trace replays without diverging.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: for s in $(seq 1 30); do env SCHEDSAN_OPTIONS=strategy=random:seed=$s:trace=%t.d/$s %t || exit 1; done
// RUN: grep -l '^c ' %t.d/* | wc -l | FileCheck --check-prefix=CHOICES %s
// CHOICES: {{[1-9][0-9]*}}
// RUN: for s in $(seq 1 30); do env SCHEDSAN_OPTIONS=strategy=random:seed=$s:replay=%t.d/$s %t 2>&1; done | count 0
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int tokens, busy;

static void *waiter(void *arg) {
  pthread_mutex_lock(&m);
  while (!tokens)
    pthread_cond_wait(&c, &m);
  --tokens;
  pthread_mutex_unlock(&m);
  return 0;
}

static void *bystander(void *arg) {
  for (int i = 0; i < 20; ++i)
    __atomic_fetch_add(&busy, 1, __ATOMIC_RELAXED);
  return 0;
}

int main(void) {
  pthread_t w[3], b;
  for (int i = 0; i < 3; ++i)
    pthread_create(&w[i], 0, waiter, 0);
  pthread_create(&b, 0, bystander, 0);
  for (int i = 0; i < 3; ++i) {
    pthread_mutex_lock(&m);
    ++tokens;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
  }
  for (int i = 0; i < 3; ++i)
    pthread_join(w[i], 0);
  pthread_join(b, 0);
  return 0;
}
