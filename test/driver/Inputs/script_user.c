// Calls into libschedsan_script.a's stand-in (script-library.test), or
// does not.
#include <stdio.h>

int script_library_answer(void);

int main(void) {
#ifdef USE_LIBRARY
  printf("answer=%d\n", script_library_answer());
#else
  printf("no script\n");
#endif
  return 0;
}
