// An instrumented shared library leaves the hooks undefined on purpose (they
// resolve from the executable), so -Wl,--no-undefined and -z defs (Meson
// adds them by default) are dropped from -shared links, and only they: the
// rest of a -Wl list stays. Executable links keep them.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -fPIC -shared %s -Wl,--no-undefined -o %t/a.so 2> %t/a.cmd
// RUN: FileCheck %s --check-prefix=DROP < %t/a.cmd
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -fPIC -shared %s -Wl,-z,defs,-z,now -o %t/b.so 2> %t/b.cmd
// RUN: FileCheck %s --check-prefix=DROP < %t/b.cmd
// RUN: FileCheck %s --check-prefix=KEEPNOW < %t/b.cmd
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -fPIC -shared %s -z defs -Xlinker --no-undefined -Wl,-zdefs -o %t/c.so 2> %t/c.cmd
// RUN: FileCheck %s --check-prefix=DROP < %t/c.cmd
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -fPIC -shared %s -Xlinker -z -Xlinker defs -Wl,-soname,libd.so,--no-undefined -o %t/d.so 2> %t/d.cmd
// RUN: FileCheck %s --check-prefix=DROP < %t/d.cmd
// RUN: FileCheck %s --check-prefix=KEEPSONAME < %t/d.cmd
// RUN: llvm-objdump -p %t/d.so | FileCheck %s --check-prefix=SONAME
//
// The flag still works where it is meaningful: an executable link keeps it
// (and succeeds: the runtime defines every hook).
// RUN: env SCHEDSAN_WRAPPER_VERBOSE=1 %schedsan_cc -DMAIN %s -Wl,--no-undefined -o %t/x 2> %t/x.cmd
// RUN: FileCheck %s --check-prefix=EXE < %t/x.cmd
// RUN: %t/x
//
// Plain clang would fail the same -shared link, which is why the flag goes.
// RUN: %schedsan_cc -fPIC -c %s -o %t/lib.o
// RUN: not %clang -shared %t/lib.o -Wl,--no-undefined -o %t/plain.so 2>&1 | FileCheck %s --check-prefix=PLAIN
//
// DROP: schedsan-clang:
// DROP-NOT: --no-undefined
// DROP-NOT: {{-z,? ?defs|zdefs}}
// DROP-NOT: -Xlinker
// KEEPNOW: -Wl,-z,now
// KEEPSONAME: -Wl,-soname,libd.so
// SONAME: SONAME libd.so
// EXE: -Wl,--no-undefined
// PLAIN: undefined reference to `__schedsan_
int counter;
int bump(void) { return ++counter; }
#ifdef MAIN
int main(void) { return bump() == 1 ? 0 : 1; }
#endif
