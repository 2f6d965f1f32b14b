// `counter++` on a plain global int (not volatile, not atomic) loses an
// update by default: the pass gives its read and its write a scheduling
// point each, so another thread may run between them. At -O0 each thread
// makes two `counter++`; at -O2 the loop folds into one `counter += 2`.
// With -schedsan-compound-updates the read and the write are one point
// and the update is never lost.
//
// Default strategy (random), measured over seeds 1..2000:
//   -O0: p = 1275/2000 = 0.6375 per run, (1 - p)^14 = 6.8e-07
//   -O2: p = 607/2000 = 0.3035 per run, (1 - p)^39 = 7.5e-07
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %schedsan_cc -g -O0 %s -o %t.O0
// RUN: %hits 14 %t.O0 | FileCheck --check-prefix=HITS %s
// RUN: %schedsan_cc -g -O2 %s -o %t.O2
// RUN: %hits 39 %t.O2 > %t.hits
// RUN: FileCheck --check-prefix=HITS %s < %t.hits
// HITS: hits={{[1-9][0-9]*}} of
// RUN: env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %t.hits) %t.O2 > %t.out 2>&1; test $? = 66
// RUN: FileCheck %s < %t.out
// CHECK: ERROR: ScheduleSanitizer: assertion failure
// CHECK: lost update of counter
//
// The compound event: never lost, under every strategy.
// RUN: %schedsan_cc -g -O0 -mllvm -schedsan-compound-updates=1 %s -o %t.cO0
// RUN: %schedsan_cc -g -O2 -mllvm -schedsan-compound-updates=1 %s -o %t.cO2
// RUN: %seeds 200 %t.cO0 | FileCheck --check-prefix=NEVER %s
// RUN: %seeds 200 %t.cO2 | FileCheck --check-prefix=NEVER %s
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=2 %seeds 200 %t.cO0 | FileCheck --check-prefix=NEVER %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 200 %t.cO0 | FileCheck --check-prefix=NEVER %s
// NEVER: 200 seeds passed
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#define THREADS 2
#define ITERS 2

int counter;

static void *bump(void *arg) {
  for (int i = 0; i < ITERS; ++i)
    counter++;
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; ++i)
    pthread_create(&t[i], 0, bump, 0);
  for (int i = 0; i < THREADS; ++i)
    pthread_join(t[i], 0);
  printf("counter=%d\n", counter);
  assert(counter == THREADS * ITERS && "lost update of counter");
  return 0;
}
