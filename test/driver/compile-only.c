// -c compiles with the pass plugin and links nothing: the object calls the
// hooks and defines none of them (the runtime goes into executables only).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -O1 -c %s -o %t/x.o 2> %t/cmd
// RUN: FileCheck %s --check-prefix=CMD < %t/cmd
// RUN: llvm-nm --undefined-only %t/x.o | FileCheck %s --check-prefix=UNDEF
// RUN: llvm-nm --defined-only %t/x.o | FileCheck %s --check-prefix=DEF
//
// CMD: schedsan-clang: {{[^ ]*}}clang -fpass-plugin={{[^ ]*}}/SchedSanPass.so {{.*}}-c
// CMD-NOT: libschedsan_rt
// CMD-NOT: -lpthread
// UNDEF-DAG: __schedsan_init_module
// UNDEF-DAG: __schedsan_{{read|write|update}}4
// DEF: bump
// DEF-NOT: __schedsan_
int shared_counter;
void bump(void) { shared_counter = shared_counter + 1; }
