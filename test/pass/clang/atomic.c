// [[schedsan::atomic]] (C23 syntax) and __attribute__((schedsan_atomic)):
// a call of the function is one event. Its body gets no point; one call
// event (__schedsan_call with the function's address) goes before it, and
// stays in every copy the inliner makes. On anything but a function the
// attribute is ignored with a warning.
// RUN: %clang -fplugin=%shlibdir/SchedSanAttrs.so -fpass-plugin=%plugin -O0 -g -S -emit-llvm -o - %s 2>/dev/null | FileCheck %s
// RUN: %clang -fplugin=%shlibdir/SchedSanAttrs.so -fpass-plugin=%plugin -O2 -S -emit-llvm -o - %s 2>/dev/null | FileCheck --check-prefix=O2 %s
// RUN: %clang -fplugin=%shlibdir/SchedSanAttrs.so -fsyntax-only %s 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: not %clang -fplugin=%shlibdir/SchedSanAttrs.so -fsyntax-only -DON_STMT %s 2>&1 | FileCheck --check-prefix=STMT %s

int a, b;

[[schedsan::atomic]] void move(void) {
  a--;
  b++;
}
// CHECK-LABEL: define{{.*}} void @move()
// CHECK-NEXT:    call void @__schedsan_call(ptr @move, ptr {{.*}}@__schedsan_sites{{.*}}), !dbg [[MOVE:![0-9]+]]
// CHECK-NOT:     __schedsan_
// CHECK:         ret void

__attribute__((schedsan_atomic)) int sum(void) { return a + b; }
// CHECK-LABEL: define{{.*}} i32 @sum()
// CHECK-NEXT:    call void @__schedsan_call(ptr @sum, {{.*}}
// CHECK-NOT:     __schedsan_
// CHECK:         ret i32

void plain(void) { a++; }
// CHECK-LABEL: define{{.*}} void @plain()
// CHECK-NEXT:    call void @__schedsan_read4(ptr @a,
// CHECK:         call void @__schedsan_write4(ptr @a,

// The site names the function's own line.
// CHECK: [[MOVE]] = !DILocation(line: 13, scope:

// Inlined at -O2: the caller keeps one call event per call, and no point
// for the accesses.
int caller(void) {
  move();
  return sum();
}
// O2-LABEL: define{{.*}} i32 @caller()
// O2-NEXT:    call void @__schedsan_call(ptr{{.*}} @move, {{.*}}
// O2-NOT:     __schedsan_{{(read|write|update)}}
// O2:         call void @__schedsan_call(ptr{{.*}} @sum, {{.*}}
// O2-NOT:     __schedsan_{{(read|write|update)}}
// O2:         ret i32

// WARN: atomic.c:[[@LINE+1]]:35: warning: 'schedsan_atomic' attribute only applies to functions [-Wignored-attributes]
int not_a_function __attribute__((schedsan_atomic));
// WARN: atomic.c:[[@LINE+1]]:3: warning: 'schedsan::atomic' attribute only applies to functions [-Wignored-attributes]
[[schedsan::atomic]] int also_not_a_function;
// WARN-NOT: warning:

// Clang 19's plugin interface cannot attach an attribute to a statement
// (Clang 22 names it 'schedsan::atomic' in the error).
#ifdef ON_STMT
void block(void) {
  // STMT: error: '{{(schedsan::)?}}atomic' attribute cannot be applied to a statement
  [[schedsan::atomic]] { a++; }
}
#endif
