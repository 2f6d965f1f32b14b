// Prints the default strategy recorded in the binary: the runtime defines
// __schedsan_default_strategy weakly as "", the object default-<s>.o that
// -fsanitize-schedule=<s> links defines it as "<s>".
#include <stdio.h>

extern const char __schedsan_default_strategy[];
int counter;

int main(void) {
  counter = counter + 1;
  printf("strategy=[%s] counter=%d\n", __schedsan_default_strategy, counter);
  return 0;
}
