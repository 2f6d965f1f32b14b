// `schedsan-clang++ -fsanitize-schedule=pos -O0 y.cpp`: the IR at -O0
// (optnone) calls the hooks, and the executable runs with pos recorded.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %schedsan_cxx -fsanitize-schedule=pos -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %schedsan_cxx -fsanitize-schedule=pos -O0 %s -o %t/y
// RUN: %t/y | FileCheck %s --check-prefix=OUT
//
// IR-LABEL: define {{.*}}@_ZN7Counter4bumpEv(
// IR: call void @__schedsan_
// IR: call void @__schedsan_init_module(
// OUT: strategy=[pos] value=2
#include <cstdio>

extern "C" const char __schedsan_default_strategy[];

struct Counter {
  int value = 0;
  void bump() { value = value + 1; }
};

Counter global_counter;

int main() {
  global_counter.bump();
  global_counter.bump();
  std::printf("strategy=[%s] value=%d\n", __schedsan_default_strategy,
              global_counter.value);
  return 0;
}
