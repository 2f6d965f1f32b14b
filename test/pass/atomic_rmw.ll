; atomicrmw: (address, size, SCHEDSAN_RMW_* operation, C11 order). Operations
; without a SCHEDSAN_RMW_ value of their own (floating point, wrapping
; increments) are SCHEDSAN_RMW_OTHER (11).
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @ops(ptr %p) {
  %xchg = atomicrmw xchg ptr %p, i32 1 seq_cst
  %add = atomicrmw add ptr %p, i32 1 seq_cst
  %sub = atomicrmw sub ptr %p, i32 1 seq_cst
  %and = atomicrmw and ptr %p, i32 1 seq_cst
  %nand = atomicrmw nand ptr %p, i32 1 seq_cst
  %or = atomicrmw or ptr %p, i32 1 seq_cst
  %xor = atomicrmw xor ptr %p, i32 1 seq_cst
  %max = atomicrmw max ptr %p, i32 1 seq_cst
  %min = atomicrmw min ptr %p, i32 1 seq_cst
  %umax = atomicrmw umax ptr %p, i32 1 seq_cst
  %umin = atomicrmw umin ptr %p, i32 1 seq_cst
  %fadd = atomicrmw fadd ptr %p, float 1.0 seq_cst
  %fsub = atomicrmw fsub ptr %p, float 1.0 seq_cst
  %fmax = atomicrmw fmax ptr %p, float 1.0 seq_cst
  %fmin = atomicrmw fmin ptr %p, float 1.0 seq_cst
  %uinc = atomicrmw uinc_wrap ptr %p, i32 1 seq_cst
  %udec = atomicrmw udec_wrap ptr %p, i32 1 seq_cst
  ret void
}
; CHECK-LABEL: define void @ops(
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 0, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw xchg
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 1, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw add
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 2, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw sub
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 3, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw and
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 4, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw nand
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 5, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw or
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 6, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw xor
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 7, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw max
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 8, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw min
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 9, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw umax
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 10, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw umin
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 11, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw fadd
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 11, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw fsub
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 11, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw fmax
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 11, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw fmin
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 11, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw uinc_wrap
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 4, i32 11, i32 5, ptr {{.+}})
; CHECK-NEXT:    atomicrmw udec_wrap

define void @orders(ptr %p) {
  %a = atomicrmw add ptr %p, i64 1 monotonic
  %b = atomicrmw add ptr %p, i64 1 acquire
  %c = atomicrmw add ptr %p, i64 1 release
  %d = atomicrmw add ptr %p, i64 1 acq_rel
  %e = atomicrmw add ptr %p, i64 1 seq_cst
  ret void
}
; CHECK-LABEL: define void @orders(
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 8, i32 1, i32 0,
; CHECK-NEXT:    atomicrmw add ptr %p, i64 1 monotonic
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 8, i32 1, i32 2,
; CHECK-NEXT:    atomicrmw add ptr %p, i64 1 acquire
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 8, i32 1, i32 3,
; CHECK-NEXT:    atomicrmw add ptr %p, i64 1 release
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 8, i32 1, i32 4,
; CHECK-NEXT:    atomicrmw add ptr %p, i64 1 acq_rel
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 8, i32 1, i32 5,
; CHECK-NEXT:    atomicrmw add ptr %p, i64 1 seq_cst

define void @sizes(ptr %p) {
  %a = atomicrmw xchg ptr %p, i8 1 seq_cst
  %b = atomicrmw xchg ptr %p, i16 1 seq_cst
  %c = atomicrmw xchg ptr %p, ptr null seq_cst
  %d = atomicrmw xchg ptr %p, i128 1 seq_cst
  %e = atomicrmw fadd ptr %p, double 1.0 seq_cst
  ret void
}
; CHECK-LABEL: define void @sizes(
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 1, i32 0, i32 5,
; CHECK-NEXT:    atomicrmw xchg ptr %p, i8
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 2, i32 0, i32 5,
; CHECK-NEXT:    atomicrmw xchg ptr %p, i16
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 8, i32 0, i32 5,
; CHECK-NEXT:    atomicrmw xchg ptr %p, ptr
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 16, i32 0, i32 5,
; CHECK-NEXT:    atomicrmw xchg ptr %p, i128
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %p, i32 8, i32 11, i32 5,
; CHECK-NEXT:    atomicrmw fadd ptr %p, double

; CHECK: declare void @__schedsan_atomic_rmw(ptr, i32, i32, i32, ptr)
