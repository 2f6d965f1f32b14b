// A schedule-dependent use after free, for AddressSanitizer to report: the
// worker writes the buffer, and main frees it without joining first. The
// write comes after the free when the scheduler runs main's free before
// the worker's store.
#include <pthread.h>
#include <stdlib.h>

int *buf;

static void *worker(void *arg) {
  (void)arg;
  buf[0] = 1;
  return 0;
}

int main(void) {
  buf = malloc(16);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  free(buf);
  pthread_join(t, 0);
  return 0;
}
