// Thread-local storage with destructors (pthread keys and __thread), nested
// thread creation (threads that create and join threads) and detached
// threads; 200 seeds, no report.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 200 %t | FileCheck %s
// CHECK: 200 seeds passed
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

pthread_key_t key;
__thread int tls_value;
int destructed, leaves;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void destructor(void *p) {
  pthread_mutex_lock(&m);
  destructed++;
  pthread_mutex_unlock(&m);
}

void *leaf(void *arg) {
  tls_value = (int)(long)arg;
  pthread_setspecific(key, arg);
  pthread_mutex_lock(&m);
  leaves++;
  pthread_mutex_unlock(&m);
  return (void *)(long)tls_value;
}

void *middle(void *arg) {
  pthread_t t[2];
  for (long i = 0; i < 2; ++i)
    pthread_create(&t[i], 0, leaf, (void *)(i + 1));
  long sum = 0;
  for (int i = 0; i < 2; ++i) {
    void *r;
    pthread_join(t[i], &r);
    sum += (long)r;
  }
  return sum == 3 ? 0 : (void *)1;
}

int main() {
  pthread_key_create(&key, destructor);
  pthread_t t[3], d;
  for (int i = 0; i < 3; ++i)
    pthread_create(&t[i], 0, middle, 0);
  pthread_create(&d, 0, leaf, (void *)7);
  pthread_detach(d);
  for (int i = 0; i < 3; ++i) {
    void *r;
    pthread_join(t[i], &r);
    if (r) return 1;
  }
  pthread_mutex_lock(&m);
  int n = leaves;
  pthread_mutex_unlock(&m);
  return n >= 6 ? 0 : 1;
}
