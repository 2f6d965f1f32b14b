// A depth-first search over a script's choices explores every schedule it
// describes exactly once, then says it is complete: two threads taking A
// and B script steps (from each write to the next, the last to the end)
// with ChooseThread
// before every step give C(A+B, A) schedules; with a context bound N, the
// schedules with at most N switches away from a thread that could go on.
// Both counts come from Inputs/count_script_schedules.py, which
// enumerates the sequences.
// RUN: %script_cxx -O0 -g %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env WRITES1=2 WRITES2=1 %bindir/schedsan run --script Interleave --search dfs --count -n 100000 --json %t.d/a.json --out %t.d/a -- %t > %t.a.out 2>&1
// RUN: python3 %S/Inputs/count_script_schedules.py 2 1 > %t.a.want
// RUN: python3 -c "import json,sys; j=json.load(open('%t.d/a.json')); print(j['schedules_explored']); assert j['search_complete'] is True" > %t.a.got
// RUN: diff %t.a.want %t.a.got
// RUN: env WRITES1=4 WRITES2=3 %bindir/schedsan run --script Interleave --search dfs --count -n 100000 --json %t.d/b.json --out %t.d/b -- %t > %t.b.out 2>&1
// RUN: python3 %S/Inputs/count_script_schedules.py 4 3 > %t.b.want
// RUN: python3 -c "import json,sys; j=json.load(open('%t.d/b.json')); print(j['schedules_explored']); assert j['search_complete'] is True" > %t.b.got
// RUN: diff %t.b.want %t.b.got
// RUN: for n in 0 1 2 3; do env WRITES1=4 WRITES2=3 %bindir/schedsan run --script Interleave --search dfs --context-bound $n --count -n 100000 --json %t.d/c$n.json --out %t.d/c$n -- %t > /dev/null 2>&1; python3 -c "import json,sys; j=json.load(open('%t.d/c$n.json')); print(j['schedules_explored'], j['search_complete'])"; done > %t.c.got
// RUN: for n in 0 1 2 3; do echo "$(python3 %S/Inputs/count_script_schedules.py 4 3 $n) True"; done > %t.c.want
// RUN: diff %t.c.want %t.c.got
#include <pthread.h>
#include <schedsan/script.h>
#include <stdlib.h>
using namespace schedsan::script;

int a[16], b[16];

void *writer(void *arg) {
  int *arr = (int *)arg;
  const char *env = getenv(arr == a ? "WRITES1" : "WRITES2");
  int n = env ? atoi(env) : 1;
  for (int i = 0; i < n; ++i)
    arr[i] = i;
  return nullptr;
}

SCHEDSAN_SCRIPT(Interleave) {
  std::vector<Tid> T = WaitForDistinctThreads(2, EntersFunc("writer"));
  // Into the loop: the thread's first write is its first step.
  RunThreadsUntil(T, WritesMem || ThreadEnds);
  while (!HasEnded(T[0]) || !HasEnded(T[1]))
    RunThreadUntil(ChooseThread(T), WritesMem || ThreadEnds);
}

int main() {
  pthread_t t1, t2;
  pthread_create(&t1, 0, writer, a);
  pthread_create(&t2, 0, writer, b);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
