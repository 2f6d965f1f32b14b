// A recorded failing schedule replays the same failure 20 times out of 20,
// even when the seed is changed (the trace decides); the replay does not
// diverge.
// RUN: %schedsan_cc -g -O1 %s -o %t
// RUN: %hits 200 %t > %t.hits
// RUN: FileCheck --check-prefix=HITS %s < %t.hits
// HITS: hits={{[1-9][0-9]*}} of 200
// RUN: env SCHEDSAN_OPTIONS=seed=$(sed 's/.*first=//' %t.hits):trace=%t.trace %t > %t.first 2>&1; test $? = 66
// RUN: grep -o 'lost update: [0-9]*' %t.first > %t.expected
// RUN: for i in $(seq 1 20); do env SCHEDSAN_OPTIONS=seed=$((1000+i)):replay=%t.trace %t > %t.out 2>&1; test $? = 66 || exit 1; grep -o 'lost update: [0-9]*' %t.out | cmp - %t.expected || exit 1; if grep -q diverged %t.out; then exit 1; fi; done
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int counter;
void *add(void *arg) {
  for (int i = 0; i < 3; ++i) {
    int c = counter;
    if (c > 1000) // a branch between read and write: two events
      return 0;
    counter = c + 1;
  }
  return 0;
}
int main() {
  pthread_t t[3];
  for (int i = 0; i < 3; ++i)
    pthread_create(&t[i], 0, add, 0);
  for (int i = 0; i < 3; ++i)
    pthread_join(t[i], 0);
  if (counter != 9) {
    fprintf(stderr, "lost update: %d\n", counter);
    abort();
  }
  return 0;
}
