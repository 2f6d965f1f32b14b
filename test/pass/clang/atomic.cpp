// [[schedsan::atomic]] in C++: member functions and templates (every
// instantiation) get one call event and no points in their bodies.
// RUN: %clangxx -fplugin=%shlibdir/SchedSanAttrs.so -fpass-plugin=%plugin -O0 -S -emit-llvm -o - %s 2>/dev/null | FileCheck %s
// RUN: %clangxx -fplugin=%shlibdir/SchedSanAttrs.so -fsyntax-only %s 2>&1 | FileCheck --check-prefix=WARN %s

struct Account {
  long Balance;
  long Count;
  [[schedsan::atomic]] void deposit(long V) {
    Balance += V;
    Count++;
  }
  void plain(long V) { Balance = V; }
};

template <class T> [[schedsan::atomic]] void swapBoth(T &A, T &B) {
  T Tmp = A;
  A = B;
  B = Tmp;
}

void use(Account &A, int &X, int &Y, long &P, long &Q) {
  A.deposit(1);
  A.plain(2);
  swapBoth(X, Y);
  swapBoth(P, Q);
}
// CHECK-LABEL: define{{.*}} @_ZN7Account7depositEl(
// CHECK:         call void @__schedsan_call(ptr @_ZN7Account7depositEl, {{.*}}
// CHECK-NOT:     call void @__schedsan_
// CHECK:         ret void
// CHECK-LABEL: define{{.*}} @_ZN7Account5plainEl(
// CHECK:         call void @__schedsan_write8(
// CHECK-LABEL: define{{.*}} @_Z8swapBothIiEvRT_S1_(
// CHECK:         call void @__schedsan_call(ptr @_Z8swapBothIiEvRT_S1_, {{.*}}
// CHECK-NOT:     call void @__schedsan_
// CHECK:         ret void
// CHECK-LABEL: define{{.*}} @_Z8swapBothIlEvRT_S1_(
// CHECK:         call void @__schedsan_call(ptr @_Z8swapBothIlEvRT_S1_, {{.*}}
// CHECK-NOT:     call void @__schedsan_
// CHECK:         ret void

// WARN: atomic.cpp:[[@LINE+1]]:3: warning: 'schedsan::atomic' attribute only applies to functions [-Wignored-attributes]
[[schedsan::atomic]] int NotAFunction;
// WARN-NOT: warning:
