// -shared never links the runtime (one runtime per process, in the
// executable): the library calls the hooks and defines none of them.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -fsanitize-schedule=pct -fPIC -shared %s -o %t/libx.so 2> %t/cmd
// RUN: FileCheck %s --check-prefix=CMD < %t/cmd
// RUN: llvm-nm --defined-only %t/libx.so | FileCheck %s --check-prefix=DEF
// RUN: llvm-nm --undefined-only %t/libx.so | FileCheck %s --check-prefix=UNDEF
//
// CMD: -fpass-plugin=
// CMD-NOT: libschedsan_rt
// CMD-NOT: default-pct.o
// DEF: shared_bump
// DEF-NOT: __schedsan_
// UNDEF: __schedsan_
int shared_counter;
int shared_bump(void) { return ++shared_counter; }
