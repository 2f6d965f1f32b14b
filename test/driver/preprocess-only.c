// -E only preprocesses: no plugin, no runtime, and the output is the
// preprocessed text on stdout, exactly as plain clang prints it.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -E %s -o %t/x.i 2> %t/cmd
// RUN: FileCheck %s --check-prefix=CMD < %t/cmd
// RUN: FileCheck %s --check-prefix=TEXT < %t/x.i
// RUN: %schedsan_cc -E %s > %t/wrapped.i
// RUN: %clang -E %s > %t/plain.i
// RUN: diff %t/wrapped.i %t/plain.i
//
// CMD: schedsan-clang: {{[^ ]*}}clang {{(-idirafter [^ ]*include )?}}-E
// CMD-NOT: -fpass-plugin
// CMD-NOT: libschedsan_rt
// TEXT: int expanded_from_macro = 42;
// TEXT-NOT: ANSWER
#define ANSWER 42
int expanded_from_macro = ANSWER;
