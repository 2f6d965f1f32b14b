// An exit handler registered before the runtime started (here from the
// executable's .preinit_array, which runs before every constructor, as a
// shared library's constructor would) runs after the run's
// summary; when it signals a worker and joins it, the worker is still
// scheduled and the program ends, under every strategy.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %seeds 20 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=3 %seeds 20 timeout 20 %t | FileCheck %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 20 timeout 20 %t | FileCheck %s
// CHECK: 20 seeds passed
// RUN: env SCHEDSAN_OPTIONS=verbosity=1 %t 2>&1 | FileCheck --check-prefix=ORDER %s
// ORDER: schedsan: strategy=random
// ORDER-NEXT: worker joined
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int stop;
static pthread_t worker_thread;

static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  while (!stop)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  return 0;
}

static void shutdown_worker(void) {
  pthread_mutex_lock(&m);
  stop = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  pthread_join(worker_thread, 0);
  fprintf(stderr, "worker joined\n");
}

__attribute__((disable_sanitizer_instrumentation)) static void early(void) {
  atexit(shutdown_worker);
}
__attribute__((section(".preinit_array"), used)) static void (*preinit)(void) =
    early;

int main(void) {
  pthread_create(&worker_thread, 0, worker, 0);
  return 0;
}
