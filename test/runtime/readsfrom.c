// rf_file=: the distinct reads-from pairs a run executed
// (runtime/observe/schedsan_readsfrom.h), "<W> <R>" by event key (site id S in
// thread T: S@T), each site named in a "# site" comment;
// Inputs/rf_lines.awk turns the ids into lines (LINE@T). Threads: main 0,
// the writer 1, the reader 2. The
// joins order everything: the reader reads x after the writer wrote it,
// z that no one wrote (W = 0), and y that it wrote itself (same thread:
// left out); main reads what the reader wrote to out, and the thread
// handles pthread_create wrote (not instrumented: W = 0). The x and y
// side by side are told apart (byte granularity).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %schedsan_cc -g -O1 %s -o %t.d/prog
// RUN: env SCHEDSAN_OPTIONS=rf_file=%t.d/f %t.d/prog | FileCheck --check-prefix=OUT %s
// OUT: 3
// RUN: head -1 %t.d/f | FileCheck --check-prefix=HEAD --match-full-lines %s
// HEAD: # schedsan reads-from v2
// RUN: awk -f %S/Inputs/rf_lines.awk %t.d/f %t.d/f > %t.d/lines
// RUN: FileCheck --match-full-lines %s < %t.d/lines
// RUN: wc -l < %t.d/lines | FileCheck --check-prefix=COUNT %s
// COUNT: 5
//
// The same pairs under every strategy, with and without leases, and in a
// fork server's runs (`schedsan run` passes the option on).
// RUN: env SCHEDSAN_OPTIONS=rf_file=%t.d/f2:strategy=pct:leases=0 %t.d/prog
// RUN: awk -f %S/Inputs/rf_lines.awk %t.d/f2 %t.d/f2 | sort > %t.d/lines2
// RUN: sort %t.d/lines > %t.d/sorted
// RUN: diff %t.d/sorted %t.d/lines2
// `schedsan run` sets rf_file itself (--strategy rff) and keeps the pairs
// of its runs in its JSON.
// RUN: %bindir/schedsan run --strategy rff -n 3 -j 1 --json %t.d/fs.json -- %t.d/prog | FileCheck --check-prefix=FS %s
// FS: fork server
// RUN: python3 -c "import json; [print(p['write'], p['read']) for p in json.load(open('%t.d/fs.json'))['rff']['pairs']]" | sort > %t.d/pairs3
// RUN: grep -v '^#' %t.d/f | sort > %t.d/pairs1
// RUN: diff %t.d/pairs1 %t.d/pairs3
//
// Recording changes no schedule.
// RUN: env SCHEDSAN_OPTIONS=strategy=pct:seed=5:trace=%t.d/t1 %t.d/prog
// RUN: env SCHEDSAN_OPTIONS=strategy=pct:seed=5:trace=%t.d/t2:rf_file=%t.d/f5 %t.d/prog
// RUN: diff <(grep -v '^# options=' %t.d/t1) <(grep -v '^# options=' %t.d/t2)
//
// A failing run writes its pairs before the report ends it.
// RUN: env SCHEDSAN_OPTIONS=rf_file=%t.d/ff:trace_dir=%t.d not %t.d/prog fail 2> /dev/null
// RUN: awk -f %S/Inputs/rf_lines.awk %t.d/ff %t.d/ff | sort > %t.d/lines4
// RUN: diff %t.d/sorted %t.d/lines4
//
// A file that cannot be written stops the program before it starts.
// RUN: env SCHEDSAN_OPTIONS=rf_file=%t.d/no/such/dir/f not %t.d/prog > %t.d/out 2>&1
// RUN: FileCheck --check-prefix=UNWRITABLE %s < %t.d/out
// UNWRITABLE: ERROR: ScheduleSanitizer: cannot write rf_file={{.*}}/no/such/dir/f: No such file or directory in SCHEDSAN_OPTIONS
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int x;
volatile int y;
int z, out, fail;
pthread_t a, b;

static void *writer(void *arg) {
  x = 1;
  return arg;
}

static void *reader(void *arg) {
  y = 2;
  out = y + x + z;
  // CHECK-DAG: [[#@LINE-7]]@1 [[#@LINE-1]]@2
  // CHECK-DAG: 0 [[#@LINE-2]]@2
  return arg;
}

int main(int argc, char **argv) {
  (void)argv;
  pthread_create(&a, 0, writer, 0);
  pthread_join(a, 0);
  // CHECK-DAG: 0 [[#@LINE-1]]@0
  pthread_create(&b, 0, reader, 0);
  pthread_join(b, 0);
  // CHECK-DAG: 0 [[#@LINE-1]]@0
  fail = argc > 1;
  printf("%d\n", out);
  // CHECK-DAG: [[#@LINE-16]]@2 [[#@LINE-1]]@0
  if (fail)
    abort();
  return 0;
}
