// FILE:
//    benchmarks/runtime/switch_bench.c
//
// DESCRIPTION:
//    Costs of the runtime's scheduling point, measured inside one program
//    (run.sh builds it instrumented and natively and prints the table):
//      solo     N atomic loads, one live thread: the inline fast path
//      blocked  N atomic loads while a second thread is blocked: the slow
//               path with nothing to decide (one enabled thread)
//      keep     two threads, N atomic loads each, both enabled, PCT depth 1:
//               the strategy picks the running thread at every point
//      switch   N semaphore round trips between two threads: two forced
//               switches each (a futex wake + wait)
//      futex    N round trips of a bare futex ping-pong between two threads
//               pinned to one CPU, uninstrumented, in a forked child where
//               the runtime is inactive: the floor for a switch
//    Prints "<mode> <N> <ns per operation>".
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// The real clock: an instrumented program's clock_gettime returns virtual
// time (runtime/core/schedsan_time.cpp), which does not move while it computes.
static double now(void) {
  struct timespec ts;
  syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static long N;
// Each thread walks its own array: consecutive loads of one address would
// be a spin loop, which the runtime (rightly) makes yield.
static atomic_long sink_a[1024], sink_b[1024];

static void loads(atomic_long *x) {
  long s = 0;
  for (long i = 0; i < N; ++i)
    s += atomic_load_explicit(&x[i & 1023], memory_order_relaxed);
  atomic_store_explicit(&x[0], s, memory_order_relaxed);
}

static void *loader(void *arg) {
  loads(arg);
  return 0;
}

static sem_t ping, pong, gate;
static void *ponger(void *arg) {
  for (long i = 0; i < N; ++i) {
    sem_wait(&ping);
    sem_post(&pong);
  }
  return 0;
}
static void *waiter(void *arg) {
  sem_wait(&gate);
  return 0;
}

// The floor: a futex ping-pong that knows nothing of schedsan.
static _Atomic unsigned word_a, word_b;
__attribute__((annotate("schedsan_ignore"))) static void
futex_wait(_Atomic unsigned *w, unsigned v) {
  while (atomic_load(w) == v)
    syscall(SYS_futex, w, FUTEX_WAIT_PRIVATE, v, 0, 0, 0);
}
__attribute__((annotate("schedsan_ignore"))) static void
futex_set(_Atomic unsigned *w, unsigned v) {
  atomic_store(w, v);
  syscall(SYS_futex, w, FUTEX_WAKE_PRIVATE, 1, 0, 0, 0);
}
__attribute__((annotate("schedsan_ignore"))) static void *bare_ponger(void *a) {
  for (unsigned i = 1; i <= N; ++i) {
    futex_wait(&word_a, i - 1);
    futex_set(&word_b, i);
  }
  return 0;
}
__attribute__((annotate("schedsan_ignore"))) static double bare_pingpong(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(sched_getcpu(), &set);
  sched_setaffinity(0, sizeof set, &set);
  pthread_t t;
  pthread_create(&t, 0, bare_ponger, 0);
  double t0 = now();
  for (unsigned i = 1; i <= N; ++i) {
    futex_set(&word_a, i);
    futex_wait(&word_b, i - 1);
  }
  double t1 = now();
  pthread_join(t, 0);
  return t1 - t0;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s solo|blocked|keep|switch|futex N\n", argv[0]);
    return 2;
  }
  N = atol(argv[2]);
  const char *mode = argv[1];
  double t0, t1, ops = N;
  pthread_t a, b;
  if (!strcmp(mode, "solo")) {
    t0 = now();
    loads(sink_a);
    t1 = now();
  } else if (!strcmp(mode, "blocked")) {
    sem_init(&gate, 0, 0);
    pthread_create(&b, 0, waiter, 0);
    t0 = now();
    loads(sink_a);
    t1 = now();
    sem_post(&gate);
    pthread_join(b, 0);
  } else if (!strcmp(mode, "keep")) {
    t0 = now();
    pthread_create(&a, 0, loader, sink_a);
    pthread_create(&b, 0, loader, sink_b);
    pthread_join(a, 0);
    pthread_join(b, 0);
    t1 = now();
    ops = 2.0 * N;
  } else if (!strcmp(mode, "switch")) {
    sem_init(&ping, 0, 0);
    sem_init(&pong, 0, 0);
    pthread_create(&b, 0, ponger, 0);
    t0 = now();
    for (long i = 0; i < N; ++i) {
      sem_post(&ping);
      sem_wait(&pong);
    }
    t1 = now();
    pthread_join(b, 0);
    ops = 2.0 * N; // two switches per round trip
  } else if (!strcmp(mode, "futex")) {
    int fds[2];
    if (pipe(fds))
      return 1;
    pid_t pid = fork(); // the child runs uncontrolled
    if (pid == 0) {
      double dt = bare_pingpong();
      write(fds[1], &dt, sizeof dt);
      _exit(0);
    }
    double dt = 0;
    read(fds[0], &dt, sizeof dt);
    waitpid(pid, 0, 0);
    t0 = 0;
    t1 = dt;
    ops = 2.0 * N; // two wake-ups per round trip
  } else {
    fprintf(stderr, "unknown mode '%s'\n", mode);
    return 2;
  }
  printf("%s %ld %.2f\n", mode, N, (t1 - t0) / ops);
  return 0;
}
