; Atomic loads and stores always get an event: (address, size in bytes,
; C11 memory order): relaxed 0, acquire 2, release 3, seq_cst 5. LLVM's
; unordered and monotonic are both relaxed.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @load_orders(ptr %p) {
  %a = load atomic i32, ptr %p unordered, align 4
  %b = load atomic i32, ptr %p monotonic, align 4
  %c = load atomic i32, ptr %p acquire, align 4
  %d = load atomic i32, ptr %p seq_cst, align 4
  ret void
}
; CHECK-LABEL: define void @load_orders(
; CHECK-NEXT:    call void @__schedsan_atomic_load(ptr %p, i32 4, i32 0, ptr {{.+}})
; CHECK-NEXT:    load atomic i32, ptr %p unordered
; CHECK-NEXT:    call void @__schedsan_atomic_load(ptr %p, i32 4, i32 0, ptr {{.+}})
; CHECK-NEXT:    load atomic i32, ptr %p monotonic
; CHECK-NEXT:    call void @__schedsan_atomic_load(ptr %p, i32 4, i32 2, ptr {{.+}})
; CHECK-NEXT:    load atomic i32, ptr %p acquire
; CHECK-NEXT:    call void @__schedsan_atomic_load(ptr %p, i32 4, i32 5, ptr {{.+}})
; CHECK-NEXT:    load atomic i32, ptr %p seq_cst

define void @store_orders(ptr %p) {
  store atomic i32 1, ptr %p unordered, align 4
  store atomic i32 2, ptr %p monotonic, align 4
  store atomic i32 3, ptr %p release, align 4
  store atomic i32 4, ptr %p seq_cst, align 4
  ret void
}
; CHECK-LABEL: define void @store_orders(
; CHECK-NEXT:    call void @__schedsan_atomic_store(ptr %p, i32 4, i32 0, ptr {{.+}})
; CHECK-NEXT:    store atomic i32 1, ptr %p unordered
; CHECK-NEXT:    call void @__schedsan_atomic_store(ptr %p, i32 4, i32 0, ptr {{.+}})
; CHECK-NEXT:    store atomic i32 2, ptr %p monotonic
; CHECK-NEXT:    call void @__schedsan_atomic_store(ptr %p, i32 4, i32 3, ptr {{.+}})
; CHECK-NEXT:    store atomic i32 3, ptr %p release
; CHECK-NEXT:    call void @__schedsan_atomic_store(ptr %p, i32 4, i32 5, ptr {{.+}})
; CHECK-NEXT:    store atomic i32 4, ptr %p seq_cst

define void @sizes(ptr %p) {
  %a = load atomic i8, ptr %p seq_cst, align 1
  %b = load atomic i16, ptr %p seq_cst, align 2
  %c = load atomic i64, ptr %p seq_cst, align 8
  %d = load atomic i128, ptr %p seq_cst, align 16
  store atomic ptr null, ptr %p release, align 8
  store atomic double 0.0, ptr %p release, align 8
  store atomic float 0.0, ptr %p release, align 4
  ret void
}
; CHECK-LABEL: define void @sizes(
; CHECK-NEXT:    call void @__schedsan_atomic_load(ptr %p, i32 1, i32 5,
; CHECK-NEXT:    load atomic i8
; CHECK-NEXT:    call void @__schedsan_atomic_load(ptr %p, i32 2, i32 5,
; CHECK-NEXT:    load atomic i16
; CHECK-NEXT:    call void @__schedsan_atomic_load(ptr %p, i32 8, i32 5,
; CHECK-NEXT:    load atomic i64
; CHECK-NEXT:    call void @__schedsan_atomic_load(ptr %p, i32 16, i32 5,
; CHECK-NEXT:    load atomic i128
; CHECK-NEXT:    call void @__schedsan_atomic_store(ptr %p, i32 8, i32 3,
; CHECK-NEXT:    store atomic ptr null
; CHECK-NEXT:    call void @__schedsan_atomic_store(ptr %p, i32 8, i32 3,
; CHECK-NEXT:    store atomic double
; CHECK-NEXT:    call void @__schedsan_atomic_store(ptr %p, i32 4, i32 3,
; CHECK-NEXT:    store atomic float

; Atomics are instrumented even on a local that does not escape.
define i32 @local_atomic() {
  %x = alloca i32
  store atomic i32 1, ptr %x seq_cst, align 4
  %v = load atomic i32, ptr %x seq_cst, align 4
  ret i32 %v
}
; CHECK-LABEL: define i32 @local_atomic(
; CHECK:         call void @__schedsan_atomic_store(ptr %x, i32 4, i32 5,
; CHECK:         call void @__schedsan_atomic_load(ptr %x, i32 4, i32 5,

; CHECK: declare void @__schedsan_atomic_load(ptr, i32, i32, ptr)

; STATS: 17 schedsan - Atomic operations instrumented
