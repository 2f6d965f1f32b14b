// An instrumented shared library inside an instrumented executable, both
// linked at build time and loaded with dlopen(): the library's hook calls
// bind to the runtime in the executable, which exports them.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %schedsan_cc -fPIC -shared %S/Inputs/lib.c -o %t/liblib.so
// RUN: %schedsan_cc %s -DLINKED -L%t -llib -Wl,-rpath,%t -o %t/linked
// RUN: %t/linked | FileCheck %s --check-prefix=LINKED
// RUN: %schedsan_cc %s -DLIB=\"%t/liblib.so\" -o %t/loader
// RUN: %t/loader | FileCheck %s --check-prefix=LOADED
// RUN: llvm-nm -D --defined-only %t/loader | FileCheck %s --check-prefix=EXPORTS
//
// LINKED: linked lib_bump=2
// LOADED: dlopen lib_bump=2
// EXPORTS: __schedsan_
#include <stdio.h>

#ifdef LINKED
int lib_bump(void);
int main(void) {
  lib_bump();
  printf("linked lib_bump=%d\n", lib_bump());
  return 0;
}
#else
#include <dlfcn.h>
int main(void) {
  void *h = dlopen(LIB, RTLD_NOW);
  if (!h) {
    printf("dlopen failed: %s\n", dlerror());
    return 1;
  }
  int (*bump)(void) = (int (*)(void))dlsym(h, "lib_bump");
  bump();
  printf("dlopen lib_bump=%d\n", bump());
  return 0;
}
#endif
