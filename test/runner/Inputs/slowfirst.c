// Fails for seeds 1 and 2 (read from SCHEDSAN_OPTIONS, which the runtime
// sets for each run), seed 1 only after 0.3 s of busy work without
// scheduling points, seed 2 at once; every other seed passes. With two
// workers, seed 2 fails while seed 1 is still running.
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void) {
  const char *opts = getenv("SCHEDSAN_OPTIONS");
  const char *s = opts ? strstr(opts, "seed=") : 0;
  long seed = 0;
  while (s) { // the last seed= wins
    seed = atol(s + 5);
    s = strstr(s + 5, "seed=");
  }
  if (seed == 1) {
    double start = now();
    while (now() - start < 0.3) {
    }
    return 3;
  }
  return seed == 2 ? 4 : 0;
}
