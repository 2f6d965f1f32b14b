// The pass's own options reach it through the wrapper: -mllvm -schedsan-*
// is parsed after the plugin is loaded (-Xclang -load, besides
// -fpass-plugin), so it is neither rejected nor ignored.
// RUN: %schedsan_cc -O1 -S -emit-llvm %s -o - | FileCheck --check-prefix=ALL %s
// RUN: %schedsan_cc -O1 -mllvm -schedsan-granularity=sync -S -emit-llvm %s -o - | FileCheck --check-prefix=SYNC %s
// RUN: %schedsan_cc -O1 -mllvm -schedsan-compound-updates -S -emit-llvm %s -o - | FileCheck --check-prefix=COMPOUND %s
// ALL: call void @__schedsan_read4(ptr @x
// ALL: call void @__schedsan_write4(ptr @x
// SYNC-NOT: call void @__schedsan_{{read|write|update}}
// SYNC: call void @__schedsan_atomic_load(ptr @flag
// COMPOUND-NOT: call void @__schedsan_{{read|write}}4(ptr @x
// COMPOUND: call void @__schedsan_update4(ptr @x
// COMPOUND-NOT: call void @__schedsan_{{read|write}}4(ptr @x
int x;
_Atomic int flag;
int main(void) {
  x++;
  return flag;
}
