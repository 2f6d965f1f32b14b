// The report's Replay: line runs as printed whatever the trace path holds:
// ':' is escaped for SCHEDSAN_OPTIONS (a backslash takes the next character
// as it is) and quotes for the shell. Here the trace directory's name has
// a ':', a space and a single quote.
// RUN: rm -rf "%t.d" && mkdir -p "%t.d/a:b c'd"
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: env SCHEDSAN_OPTIONS="seed=3:trace_dir=%t.d/a\:b c'd" %t > %t.out 2>&1; test $? = 66
// RUN: FileCheck %s < %t.out
// CHECK: Schedule trace: {{.*}}/a:b c'd/schedsan.{{[0-9]+}}.trace
// CHECK: Replay: SCHEDSAN_OPTIONS='strategy=random:seed=3:replay={{.*}}/a\:b c'\''d/schedsan.{{[0-9]+}}.trace'
// RUN: sed -n 's/^==[0-9]*==Replay: //p' %t.out > %t.cmd
// RUN: sh %t.cmd > %t.replay 2>&1; test $? = 66
// RUN: FileCheck --check-prefix=REPLAY %s < %t.replay
// REPLAY-NOT: diverged
// REPLAY-NOT: cannot read replay
// REPLAY: ERROR: ScheduleSanitizer: assertion failure
#include <assert.h>
#include <pthread.h>

static int flag;

static void *setter(void *arg) {
  flag = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, setter, 0);
  int seen = flag;
  pthread_join(t, 0);
  assert(seen == 0 && "the setter ran first");
  return 0;
}
