// Linked against Inputs/ctor_lib.c's library.
#include <stdio.h>

int main(void) {
  printf("main\n");
  return 0;
}
