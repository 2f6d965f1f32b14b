// `schedsan-clang -fsanitize-schedule=pct -O2 x.c`: the IR at -O2 calls the
// hooks, and the executable runs with pct recorded as its default strategy.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %schedsan_cc -fsanitize-schedule=pct -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %schedsan_cc -fsanitize-schedule=pct -O2 %s -o %t/x
// RUN: %t/x | FileCheck %s --check-prefix=OUT
// RUN: llvm-nm %t/x | FileCheck %s --check-prefix=NM
//
// IR-LABEL: define {{.*}}@main(
// IR: call void @__schedsan_{{read|write|update}}4(
// IR: call void @__schedsan_init_module(
// OUT: strategy=[pct] counter=1
// NM-DAG: {{[TtWw]}} __schedsan_read4
// NM-DAG: {{[Rr]}} __schedsan_default_strategy
#include <stdio.h>

extern const char __schedsan_default_strategy[];
int counter;

int main(void) {
  counter = counter + 1;
  printf("strategy=[%s] counter=%d\n", __schedsan_default_strategy, counter);
  return 0;
}
