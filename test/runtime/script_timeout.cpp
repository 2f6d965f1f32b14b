// A select of a test script that cannot be satisfied ends the run as a
// script timeout (exit status 0, one line the runner counts): the threads
// it waits for have ended; no released thread can go on (the released one
// waits for a lock a blocked one holds; RunThreadUntil stops before such
// an event instead); a released thread runs on for
// more than script_timeout points without an event that matches;
// ChooseThread among ended threads; the program ends while the script
// waits. An unknown script is an error.
// RUN: %script_cxx -O0 -g %s -o %t
// RUN: env SCHEDSAN_OPTIONS=script=Ended %t 2>&1 | FileCheck %s --check-prefix=ENDED
// ENDED: ==[[#]]==ScheduleSanitizer: script timeout: a select waits for threads that have all ended (script=Ended, after [[#]] scheduling points)
// RUN: env SCHEDSAN_OPTIONS=script=Stuck %t 2>&1 | FileCheck %s --check-prefix=STUCK
// STUCK: stopped at: mutex lock, enabled 0
// STUCK-NEXT: script timeout: a select waits, and no released thread can go on (script=Stuck
// RUN: env SCHEDSAN_OPTIONS=script=Spin:script_timeout=500 %t 2>&1 | FileCheck %s --check-prefix=SPIN
// SPIN: script timeout: RunThreadsUntil waited more than script_timeout=500 scheduling points (script=Spin
// RUN: env SCHEDSAN_OPTIONS=script=Choose:verbosity=1 %t 2>&1 | FileCheck %s --check-prefix=CHOOSE
// CHOOSE: script timeout: ChooseThread: every thread it was given has ended (script=Choose
// CHOOSE-NEXT: ==[[#]]==schedsan: strategy=random seed=0
// RUN: env SKIP_SPIN=1 SCHEDSAN_OPTIONS=script=Absent %t 2>&1 | FileCheck %s --check-prefix=ABSENT
// ABSENT: script timeout: the program ended while WaitForThread waited (script=Absent
// RUN: not env SCHEDSAN_OPTIONS=script=Nope %t 2>&1 | FileCheck %s --check-prefix=NOPE
// NOPE: ERROR: ScheduleSanitizer: bad value 'Nope' for option 'script' (accepted: the program's scripts Ended, Stuck, Spin, Choose, Absent) in SCHEDSAN_OPTIONS
#include <pthread.h>
#include <schedsan/script.h>
#include <stdio.h>
#include <stdlib.h>
using namespace schedsan::script;

int never, counter;
volatile int stop;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *locker(void *) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  return nullptr;
}
void *spinner(void *) {
  while (!stop && counter < 1000000) // no end under the script
    counter++;
  return nullptr;
}

SCHEDSAN_SCRIPT(Ended) {
  Tid T = WaitForThread(ThreadStarts);
  RunThreadUntil(T, ReadsMem(&never));
}
SCHEDSAN_SCRIPT(Stuck) {
  std::vector<Tid> T = WaitForDistinctThreads(2, ThreadStarts);
  RunThreadUntil(T[0], WritesMem(&counter) || ReadsMem(&counter)); // holds m
  // RunThreadUntil stops before an event the thread cannot perform.
  RunThreadUntil(T[1], WritesMem(&counter) || ReadsMem(&counter));
  Event E = select(T[1]);
  fprintf(stderr, "stopped at: %s, enabled %d\n", E.raw.name, E.raw.enabled);
  release(T[1]);
  select(T[1]); // waits for the lock T[0] holds
}
SCHEDSAN_SCRIPT(Spin) {
  Tid T = WaitForThread(EntersFunc("spinner"));
  RunThreadUntil(T, WritesMem(&never));
}
SCHEDSAN_SCRIPT(Choose) {
  Tid T = WaitForThread(ThreadStarts);
  RunThreadUntil(T, ThreadEnds);
  release(T);
  ChooseThread({T});
}

// A function no thread enters (or one inlined away): the program ends
// while the script waits.
SCHEDSAN_SCRIPT(Absent) { WaitForThread(EntersFunc("no_such_function")); }

int main() {
  pthread_t a, b;
  pthread_create(&a, 0, locker, 0);
  pthread_create(&b, 0, locker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (!getenv("SKIP_SPIN")) {
    pthread_create(&a, 0, spinner, 0);
    pthread_join(a, 0);
  }
  return 0;
}
