// A run that fails by its exit status (the program saw the failure itself
// and returned non-zero, no report) still writes its schedule and prints
// the command that replays it; that command reproduces the run exactly
// (same exit status, no divergence).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %schedsan_cc -g -O1 %S/Inputs/two_counters.c -o %t
// RUN: env SCHEDSAN_OPTIONS=seed=5:trace_dir=%t.d %t fail > %t.out 2>&1; test $? = 3
// RUN: FileCheck %s < %t.out
// CHECK: ScheduleSanitizer: the run exited with status 3 under strategy=random seed=5 after {{[0-9]+}} scheduling steps
// CHECK-NEXT: Schedule trace: {{.*}}.d/schedsan.{{[0-9]+}}.trace
// CHECK-NEXT: Replay: SCHEDSAN_OPTIONS='strategy=random:seed=5:replay={{.*}}.trace' {{.*}}exit_status_trace.c.tmp fail
// CHECK-NOT: ERROR
// RUN: sed -n 's/^==[0-9]*==Replay: //p' %t.out > %t.cmd
// RUN: sh %t.cmd > %t.replay 2>&1; test $? = 3
// RUN: FileCheck --check-prefix=REPLAY %s < %t.replay
// REPLAY-NOT: diverged
// REPLAY: the run exited with status 3
// REPLAY-NOT: diverged
//
// A run that exits 0 writes nothing.
// RUN: env SCHEDSAN_OPTIONS=seed=5:trace_dir=%t.d %t 2>&1 | count 0
