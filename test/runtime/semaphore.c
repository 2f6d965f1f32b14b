// POSIX semaphores: wait, trywait, timedwait, post; a semaphore-guarded
// pool never exceeds its capacity; 200 seeds.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 200 %t | FileCheck %s
// CHECK: 200 seeds passed
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

sem_t slots;
int inside, max_inside;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  long id = (long)arg;
  for (int i = 0; i < 3; ++i) {
    if (id == 0) sem_wait(&slots);
    else if (id == 1) { while (sem_trywait(&slots) != 0) if (errno != EAGAIN) exit(3); }
    else {
      struct timespec ts; clock_gettime(CLOCK_REALTIME, &ts); ts.tv_sec += 1;
      while (sem_timedwait(&slots, &ts) != 0) if (errno != ETIMEDOUT) exit(4);
    }
    pthread_mutex_lock(&m);
    if (++inside > max_inside) max_inside = inside;
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    --inside;
    pthread_mutex_unlock(&m);
    sem_post(&slots);
  }
  return 0;
}

int main() {
  sem_init(&slots, 0, 2);
  pthread_t t[4];
  for (long i = 0; i < 4; ++i) pthread_create(&t[i], 0, worker, (void *)(i % 3));
  for (int i = 0; i < 4; ++i) pthread_join(t[i], 0);
  if (max_inside > 2) { fprintf(stderr, "max %d\n", max_inside); return 1; }
  int v; sem_getvalue(&slots, &v);
  return v == 2 ? 0 : 1;
}
