// -M and -MM print dependencies and compile nothing (they imply -E), so
// neither the plugin nor the runtime is added; -MD and -MMD write
// dependencies *while* compiling, so the plugin is there.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -M %s -o %t/m.d 2> %t/m.cmd
// RUN: FileCheck %s --check-prefix=DEPS < %t/m.d
// RUN: FileCheck %s --check-prefix=NONE < %t/m.cmd
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -MM %s 2> %t/mm.cmd | FileCheck %s --check-prefix=DEPS
// RUN: FileCheck %s --check-prefix=NONE < %t/mm.cmd
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -MD -MF %t/md.d -c %s -o %t/x.o 2> %t/md.cmd
// RUN: FileCheck %s --check-prefix=DEPS < %t/md.d
// RUN: FileCheck %s --check-prefix=PLUGIN < %t/md.cmd
// RUN: llvm-nm --undefined-only %t/x.o | FileCheck %s --check-prefix=HOOKS
//
// DEPS: deps-only.c
// NONE: schedsan-clang:
// NONE-NOT: -fpass-plugin
// NONE-NOT: libschedsan_rt
// PLUGIN: -fpass-plugin=
// PLUGIN-NOT: libschedsan_rt
// HOOKS: __schedsan_
int counter;
void bump(void) { counter = counter + 1; }
