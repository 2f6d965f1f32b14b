// A library built without -g and without schedsan: it aborts when told
// to, as a library's own check does (Abseil's RAW_LOG(FATAL)).
#include <stdio.h>
#include <stdlib.h>

void *lib_check(int ok) {
  if (!ok) {
    fprintf(stderr, "lib_check: called twice\n");
    abort();
  }
  return 0;
}
