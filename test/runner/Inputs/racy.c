// A schedule-dependent bug for the sanitizers: two threads add to a counter
// without a lock, so an update can be lost (the count is 1 instead of 2
// under some schedules). With -DUB the lost update makes a signed overflow
// (UBSan); with -DLEAK it leaks a buffer (LeakSanitizer); with -DSTATUS
// main returns 1 after sending its stderr to /dev/null (no report can be
// read); plain, it is a data race for ThreadSanitizer.
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int count;
int big = INT_MAX - 1;

static void *worker(void *arg) {
  (void)arg;
  int c = count;
  sched_yield(); // a scheduling point between the load and the store
  count = c + 1;
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  if (count == 2)
    return 0;
#if defined(UB)
  big += count + 1; // INT_MAX + 1
  printf("%d\n", big);
#elif defined(LEAK)
  char *p = malloc(32);
  p[0] = 1;
  printf("%p\n", (void *)p);
  p = 0;
#elif defined(STATUS)
  int fd = open("/dev/null", O_WRONLY);
  dup2(fd, 2);
  return 1;
#endif
  return 0;
}
