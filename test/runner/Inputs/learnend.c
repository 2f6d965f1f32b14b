// Appends to $LEARN_OUT the number of lines of /proc/self/maps (mappings)
// this run starts main with; then, with seed >= $DIE_FROM (the seed is the
// last "seed=" of SCHEDSAN_OPTIONS), ends by SIGKILL before the runtime's
// end of run, else returns 0.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  FILE *m = fopen("/proc/self/maps", "r");
  int lines = 0;
  for (int c; (c = fgetc(m)) != EOF;)
    lines += c == '\n';
  fclose(m);
  FILE *f = fopen(getenv("LEARN_OUT"), "a");
  fprintf(f, "%d\n", lines);
  fclose(f);
  const char *opts = getenv("SCHEDSAN_OPTIONS"), *s = opts, *last = 0;
  while (s && (s = strstr(s, "seed=")))
    last = s++;
  const char *die = getenv("DIE_FROM");
  if (die && last && atoi(last + 5) >= atoi(die))
    raise(SIGKILL);
  return 0;
}
