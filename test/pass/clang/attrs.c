// The Clang plugin SchedSanAttrs.so: [[schedsan::ignore]] (C23 syntax) and
// __attribute__((schedsan_ignore)) keep scheduling points out of a function;
// on anything else they are ignored with a warning.
// RUN: %clang -fplugin=%shlibdir/SchedSanAttrs.so -fpass-plugin=%plugin -O1 -S -emit-llvm -o - %s 2>/dev/null | FileCheck %s
// RUN: %clang -fplugin=%shlibdir/SchedSanAttrs.so -fsyntax-only %s 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: %clang -fplugin=%shlibdir/SchedSanAttrs.so -fsyntax-only -Wno-ignored-attributes %s 2>&1 | count 0
// RUN: not %clang -fplugin=%shlibdir/SchedSanAttrs.so -fsyntax-only -DBAD_ARGS %s 2>&1 | FileCheck --check-prefix=ARGS %s
// RUN: %clang -fplugin=%shlibdir/SchedSanAttrs.so -fsyntax-only -Xclang -ast-dump %s 2>/dev/null | FileCheck --check-prefix=AST %s

int shared;

[[schedsan::ignore]] void c23_spelling(void) { shared++; }
// CHECK-LABEL: define{{.*}} void @c23_spelling()
// CHECK-NOT:     __schedsan_
// CHECK:         ret void

__attribute__((schedsan_ignore)) void gnu_spelling(void) { shared++; }
// CHECK-LABEL: define{{.*}} void @gnu_spelling()
// CHECK-NOT:     __schedsan_
// CHECK:         ret void

// On a declaration: the definition inherits it.
void declared_first(void) __attribute__((schedsan_ignore));
void declared_first(void) { shared++; }
// CHECK-LABEL: define{{.*}} void @declared_first()
// CHECK-NOT:     __schedsan_
// CHECK:         ret void

void instrumented(void) { shared++; }
// CHECK-LABEL: define{{.*}} void @instrumented()
// CHECK-NEXT:    call void @__schedsan_read4(ptr @shared,
// CHECK:         call void @__schedsan_write4(ptr @shared,

// WARN: attrs.c:[[@LINE+1]]:35: warning: 'schedsan_ignore' attribute only applies to functions [-Wignored-attributes]
int not_a_function __attribute__((schedsan_ignore));
// WARN: attrs.c:[[@LINE+1]]:3: warning: 'schedsan::ignore' attribute only applies to functions [-Wignored-attributes]
[[schedsan::ignore]] int also_not_a_function;
// WARN-NOT: warning:

#ifdef BAD_ARGS
// ARGS: error: 'schedsan_ignore' attribute takes no arguments
void with_args(void) __attribute__((schedsan_ignore(1)));
#endif

// AST-LABEL: FunctionDecl {{.*}} c23_spelling
// AST:         AnnotateAttr {{.*}} "schedsan_ignore"
// AST-LABEL: VarDecl {{.*}} not_a_function
// AST-NOT:     AnnotateAttr
