; -schedsan-granularity=sync keeps atomics, fences and volatile accesses
; (synchronization calls are intercepted by the runtime) and drops plain
; loads, stores and non-volatile memory intrinsics.
; RUN: %opt -passes="schedsan,verify" -schedsan-granularity=sync -S %s | FileCheck %s
; RUN: %opt -passes="schedsan,verify" -schedsan-granularity=all -S %s | FileCheck --check-prefix=ALL %s
; RUN: %opt -passes=schedsan -schedsan-granularity=sync -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0

define void @mixed(ptr %p, ptr %q) {
  %v = load i32, ptr @g
  store i32 %v, ptr %p
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 16, i1 false)
  %a = load atomic i32, ptr %q acquire, align 4
  %r = atomicrmw add ptr %q, i32 1 seq_cst
  %x = cmpxchg ptr %q, i32 0, i32 1 seq_cst seq_cst
  fence seq_cst
  store volatile i32 1, ptr %p
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 16, i1 true)
  ret void
}
; CHECK-LABEL: define void @mixed(
; CHECK-NEXT:    %v = load i32, ptr @g
; CHECK-NEXT:    store i32 %v, ptr %p
; CHECK-NEXT:    call void @llvm.memcpy
; CHECK-NEXT:    call void @__schedsan_atomic_load(ptr %q, i32 4, i32 2,
; CHECK-NEXT:    load atomic
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(
; CHECK-NEXT:    atomicrmw
; CHECK-NEXT:    call void @__schedsan_atomic_cmpxchg(
; CHECK-NEXT:    cmpxchg
; CHECK-NEXT:    call void @__schedsan_atomic_fence(
; CHECK-NEXT:    fence
; CHECK-NEXT:    call void @__schedsan_write4(ptr %p,
; CHECK-NEXT:    store volatile
; CHECK-NEXT:    call void @__schedsan_mem_set(ptr %p, i64 16,
; CHECK-NEXT:    call void @llvm.memset

; ALL-LABEL: define void @mixed(
; ALL-NEXT:    call void @__schedsan_read4(ptr @g,
; ALL-NEXT:    %v = load i32, ptr @g
; ALL-NEXT:    call void @__schedsan_write4(ptr %p,
; ALL-NEXT:    store i32 %v, ptr %p
; ALL-NEXT:    call void @__schedsan_mem_transfer(ptr %p, ptr %q, i64 16,

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; STATS: {{ }}3 schedsan - Atomic operations instrumented
; STATS: {{ }}1 schedsan - Fences instrumented
; STATS: {{ }}3 schedsan - Skipped: plain access under -schedsan-granularity=sync
