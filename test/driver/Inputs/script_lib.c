// Stand-ins for the members of libschedsan_script.a (script-library.test):
// compiled with -DMEMBER=1 a function a program may call, with -DMEMBER=2 a
// member nothing refers to, which announces itself when it is linked.
#include <stdio.h>

#if MEMBER == 1
int script_library_answer(void) { return 42; }
#else
__attribute__((constructor)) static void announce(void) {
  printf("unreferenced member linked\n");
}
#endif
