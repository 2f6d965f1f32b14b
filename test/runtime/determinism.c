// Two runs with the same seed produce identical schedule traces; another
// seed produces a different one.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=seed=7:trace=%t.a %t
// RUN: env SCHEDSAN_OPTIONS=seed=7:trace=%t.b %t
// RUN: cmp %t.a %t.b
// RUN: env SCHEDSAN_OPTIONS=seed=8:trace=%t.c %t
// RUN: not cmp -s %t.a %t.c
// RUN: FileCheck %s < %t.a
// CHECK: # schedsan schedule trace v1
// CHECK-NEXT: # strategy=random seed=7 threads=5 steps={{[0-9]+}} replayable=1 time=virtual
// CHECK-NEXT: # options=strategy=random:seed=7
// CHECK-NEXT: # program={{.*}}determinism.c.tmp
// CHECK-NEXT: p {{[0-9]+}} {{[0-4]}}
#include <pthread.h>

int shared[4];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *work(void *arg) {
  long id = (long)arg;
  for (int i = 0; i < 20; ++i) {
    pthread_mutex_lock(&m);
    shared[id] += shared[(id + 1) % 4];
    pthread_mutex_unlock(&m);
  }
  return 0;
}
int main() {
  pthread_t t[4];
  for (long i = 0; i < 4; ++i)
    pthread_create(&t[i], 0, work, (void *)i);
  for (int i = 0; i < 4; ++i)
    pthread_join(t[i], 0);
  return 0;
}
