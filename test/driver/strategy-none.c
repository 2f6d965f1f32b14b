// -fsanitize-schedule=none turns schedsan off: the command is the plain
// compiler's (the flag itself removed), nothing is instrumented, nothing is
// linked. The last occurrence wins.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -fsanitize-schedule=pct -O1 %s -fsanitize-schedule=none -o %t/x 2> %t/cmd
// RUN: FileCheck %s --check-prefix=CMD -DFILE=%s -DOUT=%t/x < %t/cmd
// RUN: llvm-nm %t/x | FileCheck %s --check-prefix=NM
// RUN: %t/x
// RUN: %schedsan_cc -fsanitize-schedule=none -O1 -c %s -o %t/x.o
// RUN: llvm-nm %t/x.o | FileCheck %s --check-prefix=NM
//
// CMD: schedsan-clang: {{[^ ]*}}clang -O1 [[FILE]] -o [[OUT]]{{$}}
// NM-NOT: __schedsan_
int counter;
int main(void) {
  counter = counter + 1;
  return counter == 1 ? 0 : 1;
}
