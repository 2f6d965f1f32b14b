// -S stops at assembly: the plugin runs (the assembly calls the hooks), the
// runtime is not linked.
//
// REQUIRES: x86_64
// RUN: rm -rf %t && mkdir -p %t
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -O1 -S %s -o %t/x.s 2> %t/cmd
// RUN: FileCheck %s --check-prefix=CMD < %t/cmd
// RUN: FileCheck %s --check-prefix=ASM < %t/x.s
//
// CMD: -fpass-plugin=
// CMD-NOT: libschedsan_rt
// ASM-LABEL: bump:
// ASM: call{{q?}} {{.*}}__schedsan_{{read|write|update}}4
int counter;
void bump(void) { counter = counter + 1; }
