// A sanitizer finding in recover mode (UBSan by default; ASan with
// halt_on_error=0) does not stop the run, which exits 0: the runtime still
// writes the schedule at exit and prints the line that replays it, which
// reproduces the finding.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %schedsan_cc -fsanitize=signed-integer-overflow -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=seed=3:trace_dir=%t.d %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// CHECK: runtime error: signed integer overflow
// CHECK: ScheduleSanitizer: the run had a sanitizer finding above (and exits 0) under strategy=random seed=3
// CHECK-NEXT: Schedule trace: {{.*}}.d/schedsan.{{[0-9]+}}.trace
// CHECK-NEXT: Replay: SCHEDSAN_OPTIONS='strategy=random:seed=3:replay={{.*}}'
// RUN: sed -n 's/^==[0-9]*==Replay: //p' %t.out > %t.cmd
// RUN: sh %t.cmd 2>&1 | FileCheck --check-prefix=REPLAY %s
// REPLAY: runtime error: signed integer overflow
// REPLAY-NOT: diverged
// A clean run prints nothing of the kind.
// RUN: env SCHEDSAN_OPTIONS=seed=3:trace_dir=%t.d %t clean 2>&1 | count 0
#include <limits.h>
#include <pthread.h>

static volatile int big = INT_MAX;
static int clean;

static void *add(void *arg) {
  if (!clean)
    big = big + 1; // signed overflow
  return 0;
}

int main(int argc, char **argv) {
  clean = argc > 1;
  pthread_t t;
  pthread_create(&t, 0, add, 0);
  pthread_join(t, 0);
  return 0;
}
