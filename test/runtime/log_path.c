// log_path=<p> sends reports and the verbosity=1 summary to <p>.<pid>
// instead of stderr; the program's own output is untouched.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: rm -rf %t.logs && mkdir %t.logs
// RUN: env SCHEDSAN_OPTIONS=log_path=%t.logs/log:verbosity=1 %t 2> %t.err
// RUN: count 0 < %t.err
// RUN: cat %t.logs/log.* | FileCheck --check-prefix=SUMMARY %s
// SUMMARY: ==[[PID:[0-9]+]]==schedsan: strategy=random seed=0 threads=2 steps={{[0-9]+}} switches={{[0-9]+}} preemptions={{[0-9]+}} picks={{[0-9]+}} leased={{[0-9]+}} k={{[0-9]+}} replayable=yes
// RUN: rm -rf %t.logs && mkdir %t.logs
// RUN: env SCHEDSAN_OPTIONS=log_path=%t.logs/log %t crash 2> %t.err; test $? = 66
// RUN: count 0 < %t.err
// RUN: cat %t.logs/log.* | FileCheck --check-prefix=REPORT %s
// REPORT: ERROR: ScheduleSanitizer: abort
// REPORT: Replay: SCHEDSAN_OPTIONS='strategy=random:seed=0:replay=
#include <pthread.h>
#include <stdlib.h>

int x;
void *worker(void *arg) {
  x++;
  return 0;
}
int main(int argc, char **argv) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  if (argc > 1)
    abort();
  return 0;
}
