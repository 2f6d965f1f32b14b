// A static library built from objects compiled with the wrapper, archived
// with llvm-ar and linked by the wrapper into an executable that runs: the
// runtime comes with the executable link, not with the archive.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %schedsan_cc -fsanitize-schedule=pct -c %S/Inputs/lib.c -o %t/lib.o
// RUN: llvm-ar rcs %t/liblib.a %t/lib.o
// RUN: llvm-nm --defined-only %t/liblib.a | FileCheck %s --check-prefix=ARCHIVE
// RUN: %schedsan_cc -fsanitize-schedule=pct %s -L%t -llib -o %t/x
// RUN: %t/x | FileCheck %s --check-prefix=OUT
// The archive path as an input works the same.
// RUN: %schedsan_cc %s %t/liblib.a -o %t/y
// RUN: %t/y | FileCheck %s --check-prefix=OUT
// The runtime is in the executable exactly once.
// RUN: llvm-nm %t/x | FileCheck %s --check-prefix=ONCE
// A plain compiler linking the archive needs the runtime's flags (AFL++
// users hit this as "undefined reference to __afl_..."); with them it works.
// RUN: not %clang %s %t/liblib.a -o %t/plain 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %schedsan_config --ldflags > %t/ldflags
// RUN: %clang %s %t/liblib.a @%t/ldflags -o %t/plain
// RUN: %t/plain | FileCheck %s --check-prefix=OUT
//
// ARCHIVE: lib_bump
// ARCHIVE-NOT: __schedsan_
// OUT: lib_bump=3
// ONCE: T __schedsan_init_module
// ONCE-NOT: __schedsan_init_module
// PLAIN: undefined reference to `__schedsan_
#include <stdio.h>
int lib_bump(void);
int main(void) {
  lib_bump();
  lib_bump();
  printf("lib_bump=%d\n", lib_bump());
  return 0;
}
