// C11's threads (<threads.h>) run under the schedule: glibc's thrd_create,
// mtx_lock and cnd_wait call its pthread functions inside libc, past the
// interceptors, so such a program ran uncontrolled ("no run started a
// second thread") and its races were never found.
// RUN: %schedsan_cc -std=c11 -g -O1 %s -o %t
//
// A correct producer and consumer (mtx_t, cnd_t, call_once, thrd_sleep,
// thrd_yield, a result through thrd_exit and thrd_join): every run passes,
// with three threads and decisions.
// RUN: for s in random pct pos rff; do %bindir/schedsan run -n 50 -j 1 --strategy $s -o symbolize=0 -- %t ok || exit 1; done > %t.ok.txt 2>&1
// RUN: FileCheck --check-prefix=OK --implicit-check-not=note %s < %t.ok.txt
// OK-COUNT-4: result    50 passed, 0 failed, 0 timed out
// RUN: grep -c 'threads   mean 3.00, max 3 per run' %t.ok.txt | FileCheck --check-prefix=THREADS %s
// THREADS: {{^}}4{{$}}
//
// A lost update between two C11 threads is found, and replays exactly.
// RUN: %bindir/schedsan run -n 100 -j 1 --strategy random -o symbolize=0 --out %t.race -- %t race > %t.race.txt 2>&1; test $? = 1
// RUN: FileCheck --check-prefix=RACE %s < %t.race.txt
// RACE: failure 1 of 1: assertion failure at {{.*}}c11_threads.c
// RUN: sed -n 's/^  replay    //p' %t.race.txt | head -1 > %t.replay.sh
// RUN: sh %t.replay.sh > %t.replay.txt 2>&1; test $? = 1
// RUN: FileCheck --check-prefix=REPLAY %s < %t.replay.txt
// REPLAY: the replayed run failed {{.*}}(the schedule was followed exactly)
#include <assert.h>
#include <string.h>
#include <threads.h>

static mtx_t Mu;
static cnd_t Ready;
static once_flag Once = ONCE_FLAG_INIT;
static int Item, Have, Inits;
static int Counter;

static void init(void) { ++Inits; }

static int producer(void *Arg) {
  (void)Arg;
  call_once(&Once, init);
  struct timespec Nap = {0, 1000};
  thrd_sleep(&Nap, NULL);
  mtx_lock(&Mu);
  Item = 42;
  Have = 1;
  cnd_signal(&Ready);
  mtx_unlock(&Mu);
  thrd_exit(7);
}

static int consumer(void *Arg) {
  (void)Arg;
  call_once(&Once, init);
  mtx_lock(&Mu);
  while (!Have)
    cnd_wait(&Ready, &Mu);
  int Got = Item;
  mtx_unlock(&Mu);
  thrd_yield();
  return Got;
}

static int adder(void *Arg) {
  (void)Arg;
  int V = Counter; // unguarded: the other adder may write in between
  thrd_yield();
  Counter = V + 1;
  return 0;
}

int main(int argc, char **argv) {
  assert(argc == 2);
  thrd_t A, B;
  if (!strcmp(argv[1], "race")) {
    thrd_create(&A, adder, NULL);
    thrd_create(&B, adder, NULL);
    thrd_join(A, NULL);
    thrd_join(B, NULL);
    assert(Counter == 2 && "lost an update");
    return 0;
  }
  assert(mtx_init(&Mu, mtx_plain) == thrd_success);
  assert(cnd_init(&Ready) == thrd_success);
  assert(thrd_create(&A, producer, NULL) == thrd_success);
  assert(thrd_create(&B, consumer, NULL) == thrd_success);
  int RA = 0, RB = 0;
  assert(thrd_join(A, &RA) == thrd_success);
  assert(thrd_join(B, &RB) == thrd_success);
  assert(RA == 7 && RB == 42 && Inits == 1);
  cnd_destroy(&Ready);
  mtx_destroy(&Mu);
  return 0;
}
