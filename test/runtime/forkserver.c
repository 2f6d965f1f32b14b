// The fork server: a program started with SCHEDSAN_FORKSERVER serves runs
// before main, each a fork with its own seed; results equal those of one
// exec per seed, for every seed (here 60 under pct and under random), also
// when the server starts with SIGCHLD ignored.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: python3 %S/Inputs/forkserver.py 60 strategy=pct %t | FileCheck %s
// RUN: python3 %S/Inputs/forkserver.py 60 strategy=random %t | FileCheck %s
// RUN: python3 %S/Inputs/forkserver.py 60 strategy=random %t chld-ignored | FileCheck %s
// CHECK: hello schedsan-forkserver 3
// CHECK-NEXT: server exit 0
// CHECK-NEXT: failures served {{[1-9][0-9]*}} exec {{[1-9][0-9]*}}
// CHECK-NEXT: identical
#include <assert.h>
#include <pthread.h>

int *ptr;
int value = 42;
void *init(void *arg) { ptr = &value; return 0; }
void *use(void *arg) {
  int *p = ptr;
  assert(p);
  return 0;
}
int main() {
  pthread_t a, b;
  pthread_create(&b, 0, use, 0);
  pthread_create(&a, 0, init, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
