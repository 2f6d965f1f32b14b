// The end of a check's body waits for the threads the body left joinable,
// as a join would: one blocked for ever (a wait nobody signals) is a
// deadlock, one that spins for ever a livelock. A detached thread ends
// with the run, as at a program's exit.
//
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %schedsan_cxx -I%src_root/include -g -O1 %s -o %t
// RUN: %t wait 2>&1 | FileCheck --check-prefix=WAIT %s
// WAIT: ERROR: ScheduleSanitizer: deadlock
// WAIT-NEXT: every live thread is blocked:
// WAIT-NEXT: T0 (main thread) waits to join T1
// WAIT: T1 (created by T0) waits on condition variable {{.*}} (never signaled since the wait began)
// WAIT-NEXT: at {{.*}}leaked.cpp:41:{{[0-9]+}} in waiter
// WAIT: ERROR: ScheduleSanitizer: check 'leaked': run 1 of 2, seed=0 (pct d=1), exited with status 66 (a report)
// WAIT: FAIL check 'leaked': run 1 of 2
//
// RUN: %t spin 2>&1 | FileCheck --check-prefix=SPIN %s
// SPIN: ERROR: ScheduleSanitizer: livelock
// SPIN: FAIL check 'leaked': run 1 of 2
//
// RUN: %t detach 2>&1 | FileCheck --check-prefix=DETACH %s
// DETACH-NOT: ScheduleSanitizer
// DETACH: PASS check 'leaked': 2 runs, no failure
//
// RUN: %t join 2>&1 | FileCheck --check-prefix=JOIN %s
// JOIN-NOT: ScheduleSanitizer
// JOIN: PASS check 'leaked': 2 runs, no failure
#include <schedsan/check.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t M = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t Cond = PTHREAD_COND_INITIALIZER;
int Ready; // not static: the spinner must load it

static void *waiter(void *) {
  pthread_mutex_lock(&M);
  while (!Ready)
    pthread_cond_wait(&Cond, &M);
  pthread_mutex_unlock(&M);
  return nullptr;
}

static void *spinner(void *) {
  while (!__atomic_load_n(&Ready, __ATOMIC_ACQUIRE)) {
  }
  return nullptr;
}

static void *quick(void *) { return nullptr; }

int main(int Argc, char **Argv) {
  const char *Mode = Argc > 1 ? Argv[1] : "";
  schedsan::Options O{};
  O.name = "leaked";
  O.runs = 2;
  schedsan::Result R = schedsan::check(
      [Mode] {
        const bool Spin = !strcmp(Mode, "spin");
        const bool Join = !strcmp(Mode, "join");
        pthread_t T;
        pthread_create(&T, nullptr, Spin ? spinner : Join ? quick : waiter,
                       nullptr);
        if (!strcmp(Mode, "detach"))
          pthread_detach(T);
        if (Join)
          pthread_join(T, nullptr);
      },
      O);
  printf("%s %s\n", R ? "PASS" : "FAIL", R.message.c_str());
  return 0;
}
