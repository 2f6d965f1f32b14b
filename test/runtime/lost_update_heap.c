// `x += v` through a pointer into a heap struct (not volatile, not atomic)
// loses an update by default: the read and the write of `to->balance` are
// two scheduling points, so another deposit may run between them. With
// -schedsan-compound-updates they are one point and no deposit is lost.
//
// Default strategy (random), measured over seeds 1..2000:
//   -O0: p = 307/2000 = 0.1535 per run, (1 - p)^83 = 9.8e-07
//   -O2: p = 307/2000 = 0.1535 per run, (1 - p)^83 = 9.8e-07
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %schedsan_cc -g -O0 %s -o %t.O0
// RUN: %hits 83 %t.O0 | FileCheck --check-prefix=HITS %s
// RUN: %schedsan_cc -g -O2 %s -o %t.O2
// RUN: %hits 83 %t.O2 > %t.hits
// RUN: FileCheck --check-prefix=HITS %s < %t.hits
// HITS: hits={{[1-9][0-9]*}} of
// RUN: env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %t.hits) %t.O2 > %t.out 2>&1; test $? = 66
// RUN: FileCheck %s < %t.out
// CHECK: ERROR: ScheduleSanitizer: assertion failure
// CHECK: lost update of balance
//
// The compound event: never lost, under every strategy.
// RUN: %schedsan_cc -g -O0 -mllvm -schedsan-compound-updates=1 %s -o %t.cO0
// RUN: %schedsan_cc -g -O2 -mllvm -schedsan-compound-updates=1 %s -o %t.cO2
// RUN: %seeds 200 %t.cO0 | FileCheck --check-prefix=NEVER %s
// RUN: %seeds 200 %t.cO2 | FileCheck --check-prefix=NEVER %s
// RUN: env SEEDS_OPTIONS=strategy=pct:depth=2 %seeds 200 %t.cO2 | FileCheck --check-prefix=NEVER %s
// RUN: env SEEDS_OPTIONS=strategy=pos %seeds 200 %t.cO2 | FileCheck --check-prefix=NEVER %s
// NEVER: 200 seeds passed
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 2

struct account {
  long id;
  long balance;
};

struct deposit {
  struct account *to;
  long amount;
};

static void *deposit(void *arg) {
  struct deposit *d = arg;
  d->to->balance += d->amount;
  return 0;
}

int main(void) {
  struct account *a = calloc(1, sizeof *a);
  struct deposit d[THREADS];
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; ++i) {
    d[i].to = a;
    d[i].amount = 10 * (i + 1);
    pthread_create(&t[i], 0, deposit, &d[i]);
  }
  for (int i = 0; i < THREADS; ++i)
    pthread_join(t[i], 0);
  printf("balance=%ld\n", a->balance);
  assert(a->balance == 30 && "lost update of balance");
  free(a);
  return 0;
}
