// The library of test scripts: WaitForDistinctThreads binds the two workers
// at their first event; ChooseThread and RunThreadUntil(ReadsMem ||
// WritesMem || ThreadEnds) then take one script step per memory access of
// a worker plus one to reach its end (w1: 3 accesses, w2: 1), whatever the
// oracle chooses; HasEnded holds once a worker is blocked at its end.
// RUN: %script_cxx -O0 -g %s -o %t
// RUN: for s in 1 2 3 4 5 6 7 8; do env SCHEDSAN_OPTIONS=script=Interleave:seed=$s %t; done 2>&1 | FileCheck %s
// CHECK-COUNT-8: script: bound T1 T2; 6 steps (4 of T1, 2 of T2); ended 1 1
// CHECK-NOT: script:
// Without script= the binary runs under any strategy, the script unused.
// RUN: env SCHEDSAN_OPTIONS=strategy=pct:seed=3 %t
// RUN: env SCHEDSAN_OPTIONS=strategy=pos:seed=3 %t
// RUN: env SCHEDSAN_OPTIONS=strategy=swarm:seed=3 %t
#include <pthread.h>
#include <schedsan/script.h>
#include <stdio.h>
using namespace schedsan::script;

int x, y, z;
void *w1(void *) {
  x = 1;
  y = x;
  return nullptr;
}
void *w2(void *) {
  z = 2;
  return nullptr;
}

SCHEDSAN_SCRIPT(Interleave) {
  std::vector<Tid> T = WaitForDistinctThreads(2, ThreadStarts);
  int Steps[2] = {0, 0};
  while (!HasEnded(T[0]) || !HasEnded(T[1])) {
    Tid C = ChooseThread(T);
    RunThreadUntil(C, ReadsMem || WritesMem || ThreadEnds);
    ++Steps[C == T[1]];
  }
  fprintf(stderr, "script: bound T%u T%u; %d steps (%d of T%u, %d of T%u); "
                  "ended %d %d\n",
          T[0].id(), T[1].id(), Steps[0] + Steps[1], Steps[0], T[0].id(),
          Steps[1], T[1].id(), HasEnded(T[0]), HasEnded(T[1]));
}

int main() {
  pthread_t a, b;
  pthread_create(&a, 0, w1, 0);
  pthread_create(&b, 0, w2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
