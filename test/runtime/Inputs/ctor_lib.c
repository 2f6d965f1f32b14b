// A shared library whose constructor has a side effect: it prints.
#include <stdio.h>
#include <sys/personality.h>

__attribute__((constructor)) static void announce(void) {
  printf("constructor ran in a process %s randomization\n",
         personality(0xffffffff) & ADDR_NO_RANDOMIZE ? "without" : "with");
  fflush(stdout);
}
