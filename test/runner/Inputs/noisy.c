// Fails without a schedsan report: exits with status 3 when the worker ran
// first (probability 1/2 under random walk), after writing bytes that are
// not valid UTF-8 and control characters XML forbids to stdout and stderr
// (the JSON and JUnit writers must still produce well-formed files).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int ran;

static void *worker(void *arg) {
  (void)arg;
  ran = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int seen = ran;
  pthread_join(t, 0);
  fprintf(stderr, "bad bytes: \xff\xfe \x01\x02\x1b[0m <&> \"quoted\" 'q'\n");
  printf("stdout \xc3\x28 too\n");
  if (seen)
    exit(3);
  return 0;
}
