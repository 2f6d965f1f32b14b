// No thread but main: nothing to schedule.
#include <stdio.h>

int counter;

int main(void) {
  for (int i = 0; i < 3; i++)
    counter++;
  printf("counter %d\n", counter);
  return counter == 3 ? 0 : 1;
}
