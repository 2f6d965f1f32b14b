// A report names the program's source, not a library's address: an abort
// inside a library built without -g, called in tail position (so the
// caller's frame is gone from the stack), is signed by the thread's last
// site in the program; and the report does not say "build it with -g" of
// a -g program because the library's frames have no lines. Built without
// -g, the program's sites have no line: the signature is "file in
// function", not "file:0:0".
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %clang -O1 -fPIC -shared %S/Inputs/nodebug_lib.c -o %t.d/libnodebug.so
// RUN: %schedsan_cc -g -O1 %s -L%t.d -lnodebug -Wl,-rpath,%t.d -o %t.d/g
// RUN: not %t.d/g 2> %t.d/g.err
// RUN: FileCheck --check-prefix=G %s < %t.d/g.err
// G: SUMMARY: ScheduleSanitizer: abort {{.*}}report_library_frames.c:[[#]]:{{[0-9]+}} in worker
// G-NOT: build it with -g
// RUN: %schedsan_cc -O1 %s -L%t.d -lnodebug -Wl,-rpath,%t.d -o %t.d/nog
// RUN: not %t.d/nog 2> %t.d/nog.err
// RUN: FileCheck --check-prefix=NOG %s < %t.d/nog.err
// NOG: build it with -g
// NOG: SUMMARY: ScheduleSanitizer: abort {{.*}}report_library_frames.c in worker
#include <pthread.h>

void *lib_check(int ok);

int calls;

// The thread's function ends in a tail call: the library's frames lie
// right on the runtime's thread start.
static void *worker(void *arg) {
  int n = __atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST);
  return lib_check(n == 1);
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i != 2; ++i)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i != 2; ++i)
    pthread_join(t[i], 0);
  return 0;
}
