// Prints the line the runtime prints when a test script's select is never
// satisfied (include/schedsan/schedsan_protocol.h) and exits 0, as such a
// run does.
#include <stdio.h>
#include <unistd.h>

int main(void) {
  fprintf(stderr,
          "==%d==ScheduleSanitizer: script timeout: no thread reached the "
          "predicate\n",
          (int)getpid());
  return 0;
}
