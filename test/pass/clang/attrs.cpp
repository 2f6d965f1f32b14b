// [[schedsan::ignore]] in C++: free functions, member functions, templates
// (every instantiation), and the copies the inliner makes of them.
// RUN: %clangxx -fplugin=%shlibdir/SchedSanAttrs.so -fpass-plugin=%plugin -O1 -S -emit-llvm -o - %s 2>/dev/null | FileCheck %s
// RUN: %clangxx -fplugin=%shlibdir/SchedSanAttrs.so -fsyntax-only %s 2>&1 | FileCheck --check-prefix=WARN %s

struct Stats {
  int hits;
  int value;
  [[schedsan::ignore]] void note();
  void set(int v);
};

void Stats::note() { hits++; }
// CHECK-LABEL: define{{.*}} void @_ZN5Stats4noteEv(
// CHECK-NOT:     __schedsan_
// CHECK:         ret void

void Stats::set(int v) { value = v; }
// CHECK-LABEL: define{{.*}} void @_ZN5Stats3setEi(
// CHECK:         call void @__schedsan_write4(

template <typename T> [[schedsan::ignore]] void bump(T *p) { ++*p; }
template void bump<long>(long *);
// CHECK-LABEL: define{{.*}} void @_Z4bumpIlEvPT_(
// CHECK-NOT:     __schedsan_
// CHECK:         ret void

// note() is inlined here at -O1; its increment of hits stays uninstrumented,
// the store of value does not.
void record(Stats &s, int v) {
  s.note();
  s.set(v);
}
// CHECK-LABEL: define{{.*}} void @_Z6recordR5Statsi(
// CHECK-NOT:     call void @__schedsan_update4(
// CHECK:         call void @__schedsan_write4(
// CHECK-NOT:     call void @__schedsan_update4(
// CHECK:         ret void

// WARN: attrs.cpp:[[@LINE+1]]:3: warning: 'schedsan::ignore' attribute only applies to functions [-Wignored-attributes]
[[schedsan::ignore]] int not_a_function;
// WARN-NOT: warning:
