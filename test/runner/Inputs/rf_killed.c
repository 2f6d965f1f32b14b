// A run killed while its runtime writes its reads-from file, as the runner
// sees it: the program writes the start of one (header, a pair, half a
// line) to the rf_file= that SCHEDSAN_OPTIONS names (runs made by exec:
// --no-fork-server), then dies by SIGKILL, so the runtime never writes it.
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int shared;

static void *writer(void *arg) {
  (void)arg;
  shared = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  int seen = shared;
  pthread_join(t, 0);
  const char *opts = getenv("SCHEDSAN_OPTIONS");
  const char *at = opts ? strstr(opts, "rf_file=") : 0;
  if (!at)
    return 3;
  char path[4096];
  size_t n = strcspn(at + 8, ":");
  if (n >= sizeof(path))
    return 3;
  memcpy(path, at + 8, n);
  path[n] = 0;
  FILE *f = fopen(path, "w");
  if (!f)
    return 3;
  fprintf(f, "# schedsan reads-from v2\n4@1 7@2\n4@1 %d", seen + 1);
  fclose(f);
  raise(SIGKILL);
  return 0;
}
