; cmpxchg: (address, size, success order, failure order), C11 values.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @orders(ptr %p) {
  %a = cmpxchg ptr %p, i32 0, i32 1 monotonic monotonic
  %b = cmpxchg ptr %p, i32 0, i32 1 acquire monotonic
  %c = cmpxchg ptr %p, i32 0, i32 1 acquire acquire
  %d = cmpxchg ptr %p, i32 0, i32 1 release monotonic
  %e = cmpxchg ptr %p, i32 0, i32 1 acq_rel acquire
  %f = cmpxchg ptr %p, i32 0, i32 1 seq_cst monotonic
  %g = cmpxchg ptr %p, i32 0, i32 1 seq_cst acquire
  %h = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst
  %w = cmpxchg weak ptr %p, i32 0, i32 1 acq_rel monotonic
  ret void
}
; CHECK-LABEL: define void @orders(
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 4, i32 0, i32 0, ptr {{.+}})
; CHECK-NEXT:    cmpxchg ptr %p, i32 0, i32 1 monotonic monotonic
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 4, i32 2, i32 0, ptr {{.+}})
; CHECK-NEXT:    cmpxchg ptr %p, i32 0, i32 1 acquire monotonic
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 4, i32 2, i32 2, ptr {{.+}})
; CHECK-NEXT:    cmpxchg ptr %p, i32 0, i32 1 acquire acquire
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 4, i32 3, i32 0, ptr {{.+}})
; CHECK-NEXT:    cmpxchg ptr %p, i32 0, i32 1 release monotonic
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 4, i32 4, i32 2, ptr {{.+}})
; CHECK-NEXT:    cmpxchg ptr %p, i32 0, i32 1 acq_rel acquire
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 4, i32 5, i32 0, ptr {{.+}})
; CHECK-NEXT:    cmpxchg ptr %p, i32 0, i32 1 seq_cst monotonic
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 4, i32 5, i32 2, ptr {{.+}})
; CHECK-NEXT:    cmpxchg ptr %p, i32 0, i32 1 seq_cst acquire
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 4, i32 5, i32 5, ptr {{.+}})
; CHECK-NEXT:    cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 4, i32 4, i32 0, ptr {{.+}})
; CHECK-NEXT:    cmpxchg weak ptr %p, i32 0, i32 1 acq_rel monotonic

define void @sizes(ptr %p, ptr %old, ptr %new) {
  %a = cmpxchg ptr %p, i8 0, i8 1 seq_cst seq_cst
  %b = cmpxchg ptr %p, i16 0, i16 1 seq_cst seq_cst
  %c = cmpxchg ptr %p, i64 0, i64 1 seq_cst seq_cst
  %d = cmpxchg ptr %p, i128 0, i128 1 seq_cst seq_cst
  %e = cmpxchg ptr %p, ptr %old, ptr %new seq_cst seq_cst
  ret void
}
; CHECK-LABEL: define void @sizes(
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 1, i32 5, i32 5,
; CHECK-NEXT:    cmpxchg ptr %p, i8
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 2, i32 5, i32 5,
; CHECK-NEXT:    cmpxchg ptr %p, i16
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 8, i32 5, i32 5,
; CHECK-NEXT:    cmpxchg ptr %p, i64
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 16, i32 5, i32 5,
; CHECK-NEXT:    cmpxchg ptr %p, i128
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(ptr %p, i32 8, i32 5, i32 5,
; CHECK-NEXT:    cmpxchg ptr %p, ptr %old
