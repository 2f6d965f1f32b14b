// A constructor advises the page of code holding main (MADV_RANDOM: a
// mapping of its own, VmFlags "rr"); each run appends to $ADVICE_OUT
// whether that advice still holds when main runs.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

int main(void);

static uintptr_t page(void) { return (uintptr_t)&main & ~(uintptr_t)4095; }

__attribute__((constructor)) static void advise(void) {
  madvise((void *)page(), 4096, MADV_RANDOM);
}

int main(void) {
  FILE *s = fopen("/proc/self/smaps", "r");
  char line[512];
  int in = 0, rr = 0;
  while (fgets(line, sizeof line, s)) {
    unsigned long b, e;
    if (sscanf(line, "%lx-%lx ", &b, &e) == 2) // a mapping's first line
      in = b <= page() && page() < e;
    else if (in && !strncmp(line, "VmFlags:", 8))
      rr = strstr(line, " rr") != 0;
  }
  fclose(s);
  FILE *f = fopen(getenv("ADVICE_OUT"), "a");
  fprintf(f, "%s\n", rr ? "rr" : "no rr");
  fclose(f);
  return 0;
}
