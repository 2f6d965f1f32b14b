// Reports survive a broken process. Heap corruption that glibc catches
// inside free() (its arena lock held) is reported with a trace and replay
// line: the report path takes no libc lock and does not allocate. A stack
// overflow is reported (alternate signal stack) instead of a silent
// death. A cancellation pending while the report is written does not cut
// it short.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %schedsan_cc -g -O0 %s -o %t
// RUN: env SCHEDSAN_OPTIONS=seed=1:trace_dir=%t.d timeout 20 %t heap > %t.heap 2>&1; test $? = 66
// RUN: FileCheck --check-prefix=HEAP %s < %t.heap
// HEAP: ERROR: ScheduleSanitizer: abort
// HEAP: SUMMARY: ScheduleSanitizer: abort
// HEAP-NEXT: Schedule trace: {{.*}}schedsan.{{[0-9]+}}.trace
// HEAP-NEXT: Replay: SCHEDSAN_OPTIONS=
// RUN: env SCHEDSAN_OPTIONS=seed=1:trace_dir=%t.d timeout 20 %t overflow > %t.overflow 2>&1; test $? = 66
// RUN: FileCheck --check-prefix=OVERFLOW %s < %t.overflow
// OVERFLOW: ERROR: ScheduleSanitizer: fatal signal
// OVERFLOW-NEXT: SEGV on address
// OVERFLOW: in recurse
// OVERFLOW: Replay: SCHEDSAN_OPTIONS=
// RUN: env SCHEDSAN_OPTIONS=seed=1:trace_dir=%t.d timeout 20 %t cancel > %t.cancel 2>&1; test $? = 66
// RUN: FileCheck --check-prefix=CANCEL %s < %t.cancel
// CANCEL: ERROR: ScheduleSanitizer: assertion failure
// CANCEL: SUMMARY: ScheduleSanitizer: assertion failure
// CANCEL-NEXT: Schedule trace:
// CANCEL-NEXT: Replay: SCHEDSAN_OPTIONS=
//
// A fault inside a synchronization call the runtime made for the thread (the
// real pthread_mutex_unlock of a NULL mutex pointer) holds no lock of the C
// library: the report has every thread's stack, and its SUMMARY the
// program's frame that made the call.
// RUN: env SCHEDSAN_OPTIONS=seed=1:trace_dir=%t.d timeout 20 %t unlock > %t.unlock 2>&1; test $? = 66
// RUN: FileCheck --check-prefix=UNLOCK %s < %t.unlock
// UNLOCK: ERROR: ScheduleSanitizer: fatal signal
// UNLOCK-NEXT: SEGV on address
// UNLOCK: T0 (main thread)
// UNLOCK-NEXT: at {{.*}}report_broken_process.c:{{[0-9]+}}:{{[0-9]+}} in main
// UNLOCK-NEXT: #0 0x{{[0-9a-f]+}} in main {{.*}}report_broken_process.c
// UNLOCK: T1 (created by T0) running: mutex unlock
// UNLOCK-NEXT: at {{.*}}report_broken_process.c:{{[0-9]+}}:{{[0-9]+}} in unlock_it
// UNLOCK-NEXT: #0 0x{{[0-9a-f]+}} in unlock_it {{.*}}report_broken_process.c
// UNLOCK-NEXT: #1 0x{{[0-9a-f]+}} in unlocker {{.*}}report_broken_process.c
// UNLOCK: SUMMARY: ScheduleSanitizer: fatal signal {{.*}}report_broken_process.c:{{[0-9]+}}:{{[0-9]+}} in unlock_it
// UNLOCK-NEXT: Schedule trace:
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static int recurse(volatile char *p) {
  volatile char buf[1024];
  buf[0] = p ? p[0] : 0;
  return recurse(buf) + buf[1];
}

static void *overflow(void *arg) { return (void *)(long)recurse(0); }

static void *cancelled(void *arg) {
  pthread_cancel(pthread_self()); // pending: deferred cancellation
  assert(!"failing with a cancellation pending");
  return 0;
}

static void *idle(void *arg) { return 0; }

__attribute__((noinline)) static void unlock_it(pthread_mutex_t *L) {
  pthread_mutex_unlock(L);
}

static void *unlocker(void *arg) {
  unlock_it(0); // SEGV inside pthread_mutex_unlock
  return 0;
}

int main(int argc, char **argv) {
  pthread_t t;
  if (!strcmp(argv[1], "heap")) {
    pthread_create(&t, 0, idle, 0);
    char *p = malloc(2000);
    char *q = malloc(2000);
    memset(p, 0x41, 2000 + 16); // smashes q's chunk header
    free(p); // "free(): invalid next size (normal)", arena lock held
    free(q);
  } else if (!strcmp(argv[1], "unlock")) {
    pthread_create(&t, 0, unlocker, 0);
  } else {
    pthread_create(&t, 0, !strcmp(argv[1], "overflow") ? overflow : cancelled,
                   0);
  }
  pthread_join(t, 0);
  return 0;
}
