// rf_constraints= under strategy=rff (runtime/strategy/RffStrategy.cpp):
// the read of x in reader can read from the write in w1 or in w2 (or from
// none: 0), which both wait until the reader is about to read. The site ids come from rf_file= runs (Inputs/rf_site.sh finds
// them by line).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %schedsan_cc -g -O1 %s -o %t.d/prog
// RUN: for s in $(seq 1 20); do env SCHEDSAN_OPTIONS=strategy=rff:seed=$s:portfolio_member=$((s %% 6)):rf_file=%t.d/f$s %t.d/prog; done | sort -u > %t.d/free
// RUN: FileCheck --check-prefix=FREE %s < %t.d/free
// Without constraints both writes are read from (the runs of the
// portfolio's members, each seed the member schedsan run gives it).
// FREE-DAG: read 1
// FREE-DAG: read 2
// RUN: bash %S/Inputs/rf_site.sh $(grep -n '^  x = 2;' %s | cut -d: -f1) %t.d/f* > %t.d/w2
// RUN: bash %S/Inputs/rf_site.sh $(grep -n '^  seen = x;' %s | cut -d: -f1) %t.d/f* > %t.d/r
//
// R<W2: every one of 50 seeds reads from w2, and the constraint held.
// RUN: env SEEDS_OPTIONS="strategy=rff:rf_constraints=$(cat %t.d/r)<$(cat %t.d/w2)" %seeds 50 %t.d/prog 2 | FileCheck --check-prefix=SEEDS %s
// SEEDS: 50 seeds passed
// RUN: env SCHEDSAN_OPTIONS="strategy=rff:seed=7:rf_file=%t.d/h1:rf_constraints=$(cat %t.d/r)<$(cat %t.d/w2)" %t.d/prog 2
// RUN: FileCheck --check-prefix=HELD %s < %t.d/h1
// HELD: # held 0 1
// The read as an event key, S@T (its site in the reader's thread, as the
// pairs name it): the same. In another thread the key names no read: the
// constraint is never read, so it did not hold.
// RUN: grep -h "^[0-9@]* $(cat %t.d/r)@" %t.d/f* | head -1 | cut -d' ' -f2 > %t.d/rkey
// RUN: grep -q @ %t.d/rkey
// RUN: env SEEDS_OPTIONS="strategy=rff:rf_constraints=$(cat %t.d/rkey)<$(cat %t.d/w2)" %seeds 50 %t.d/prog 2 | FileCheck --check-prefix=SEEDS %s
// RUN: env SCHEDSAN_OPTIONS="strategy=rff:seed=7:rf_file=%t.d/h4:rf_constraints=$(cat %t.d/r)@200<$(cat %t.d/w2)" %t.d/prog
// RUN: FileCheck --check-prefix=NOTREAD %s < %t.d/h4
// NOTREAD: # held 0 0
// R!W2: none does.
// RUN: env SEEDS_OPTIONS="strategy=rff:rf_constraints=$(cat %t.d/r)!$(cat %t.d/w2)" %seeds 50 %t.d/prog not2 | FileCheck --check-prefix=SEEDS %s
// RUN: env SCHEDSAN_OPTIONS="strategy=rff:seed=7:rf_file=%t.d/h2:rf_constraints=$(cat %t.d/r)!$(cat %t.d/w2)" %t.d/prog not2
// RUN: FileCheck --check-prefix=HELD %s < %t.d/h2
//
// A constraint no run can keep (no write at site 99999) holds the reader
// back at rf_patience points, then is dropped: the run ends normally and
// reports it did not hold; the second constraint, on a site never read,
// did not hold either.
// RUN: env SCHEDSAN_OPTIONS="strategy=rff:seed=3:rf_patience=5:rf_file=%t.d/h3:rf_constraints=$(cat %t.d/r)<99999,16000000!0" %t.d/prog | FileCheck --check-prefix=READ %s
// READ: read
// RUN: FileCheck --check-prefix=DROPPED %s < %t.d/h3
// DROPPED: # held 0 0
// DROPPED-NEXT: # held 1 0
//
// Bad entries stop the run (exit 2), naming the entry.
// RUN: env SCHEDSAN_OPTIONS='rf_constraints=5<x' not %t.d/prog 2>&1 | FileCheck --check-prefix=BAD1 %s
// BAD1: ERROR: ScheduleSanitizer: bad entry '5<x' in option 'rf_constraints' (accepted: comma-separated R<W or R!W, R and W event keys S@T (site id S below 16777216 in thread T at most 254) or sites S in any thread, R not 0, at most 256 entries) in SCHEDSAN_OPTIONS
// RUN: env SCHEDSAN_OPTIONS='rf_constraints=1<2,0!3' not %t.d/prog 2>&1 | FileCheck --check-prefix=BAD2 %s
// BAD2: bad entry '0!3' in option 'rf_constraints'
// RUN: env SCHEDSAN_OPTIONS='rf_constraints=1=2' not %t.d/prog 2>&1 | FileCheck --check-prefix=BAD3 %s
// BAD3: bad entry '1=2' in option 'rf_constraints'
// RUN: env SCHEDSAN_OPTIONS='rf_constraints=1<4294967296' not %t.d/prog 2>&1 | FileCheck --check-prefix=BAD4 %s
// BAD4: bad entry '1<4294967296' in option 'rf_constraints'
// RUN: env SCHEDSAN_OPTIONS='rf_constraints=1@255<2' not %t.d/prog 2>&1 | FileCheck --check-prefix=BAD5 %s
// BAD5: bad entry '1@255<2' in option 'rf_constraints'
// RUN: env SCHEDSAN_OPTIONS='rf_constraints=16777216<2' not %t.d/prog 2>&1 | FileCheck --check-prefix=BAD6 %s
// BAD6: bad entry '16777216<2' in option 'rf_constraints'
// RUN: env SCHEDSAN_OPTIONS='rf_constraints=0@1<2' not %t.d/prog 2>&1 | FileCheck --check-prefix=BAD7 %s
// BAD7: bad entry '0@1<2' in option 'rf_constraints'
// RUN: env SCHEDSAN_OPTIONS='rf_constraints=1<2,' %t.d/prog > /dev/null 2>&1; test $? = 2
// RUN: env SCHEDSAN_OPTIONS='rf_patience=-1' %t.d/prog > /dev/null 2>&1; test $? = 2
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int x, seen, ready;

// The writers write only once the reader is about to read (its read is a
// pending event whenever a write could go before it).
static void waitReady(void) {
  while (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE))
    sched_yield();
}

static void *w1(void *arg) {
  waitReady();
  x = 1;
  return arg;
}

static void *w2(void *arg) {
  waitReady();
  x = 2;
  return arg;
}

static void *reader(void *arg) {
  __atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
  seen = x;
  return arg;
}

int main(int argc, char **argv) {
  pthread_t t[3];
  pthread_create(&t[0], 0, w1, 0);
  pthread_create(&t[1], 0, w2, 0);
  pthread_create(&t[2], 0, reader, 0);
  for (int i = 0; i < 3; ++i)
    pthread_join(t[i], 0);
  printf("read %d\n", seen);
  // "2": the read must have read w2's write; "not2": it must not have.
  if (argc > 1 && !strcmp(argv[1], "2") && seen != 2)
    abort();
  if (argc > 1 && !strcmp(argv[1], "not2") && seen == 2)
    abort();
  return 0;
}
