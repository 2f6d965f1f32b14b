// A program with a control point and a function to filter on.
#include <schedsan/control.h>
#include <stdio.h>

extern const char __schedsan_default_strategy[];
int counter;

__attribute__((noinline)) void bump(void) { counter = counter + 1; }
__attribute__((noinline)) void other(void) { counter = counter + 2; }

int main(void) {
  SCHEDSAN_CONTROL_POINT(7);
  bump();
  other();
  printf("strategy=[%s] counter=%d\n", __schedsan_default_strategy, counter);
  return 0;
}
