// -r (partial link) combines objects into one object; the runtime must not
// be in it, or it would be linked twice into the final executable.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %schedsan_cc -c %s -o %t/a.o
// RUN: %schedsan_cc -c %S/Inputs/lib.c -o %t/b.o
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -fsanitize-schedule=pct -r %t/a.o %t/b.o -o %t/ab.o 2> %t/cmd
// RUN: FileCheck %s --check-prefix=CMD < %t/cmd
// RUN: llvm-nm --defined-only %t/ab.o | FileCheck %s --check-prefix=DEF
// The partially linked object still makes a working program.
// RUN: %schedsan_cc %t/ab.o -o %t/x
// RUN: %t/x | FileCheck %s --check-prefix=OUT
//
// CMD: -r
// CMD-NOT: libschedsan_rt
// DEF-DAG: lib_bump
// DEF-DAG: main
// DEF-NOT: __schedsan_read
// OUT: lib_bump=2
#include <stdio.h>
int lib_bump(void);
int main(void) {
  lib_bump();
  printf("lib_bump=%d\n", lib_bump());
  return 0;
}
