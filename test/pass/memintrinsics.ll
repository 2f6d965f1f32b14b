; memcpy and memmove become one __schedsan_mem_transfer(dst, src, len) event,
; memset one __schedsan_mem_set(dst, len) event (the .inline forms too); the
; length is widened to intptr. Skipped when no operand may be shared.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes="schedsan,verify" -schedsan-mem-intrinsics=false -S %s | FileCheck --check-prefix=OFF %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@src = constant [16 x i8] zeroinitializer

define void @shared(ptr %d, ptr %s, i64 %n, i32 %n32) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 32, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 7, i64 %n, i1 false)
  call void @llvm.memset.p0.i32(ptr %d, i8 0, i32 %n32, i1 false)
  call void @llvm.memcpy.inline.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false)
  call void @llvm.memset.inline.p0.i64(ptr %d, i8 0, i64 8, i1 false)
  ret void
}
; CHECK-LABEL: define void @shared(
; CHECK-NEXT:    call void @__schedsan_mem_transfer(ptr %d, ptr %s, i64 %n, ptr {{.+}})
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(
; CHECK-NEXT:    call void @__schedsan_mem_transfer(ptr %d, ptr %s, i64 32, ptr {{.+}})
; CHECK-NEXT:    call void @llvm.memmove.p0.p0.i64(
; CHECK-NEXT:    call void @__schedsan_mem_set(ptr %d, i64 %n, ptr {{.+}})
; CHECK-NEXT:    call void @llvm.memset.p0.i64(
; CHECK-NEXT:    [[LEN:%.+]] = zext i32 %n32 to i64
; CHECK-NEXT:    call void @__schedsan_mem_set(ptr %d, i64 [[LEN]], ptr {{.+}})
; CHECK-NEXT:    call void @llvm.memset.p0.i32(
; CHECK-NEXT:    call void @__schedsan_mem_transfer(ptr %d, ptr %s, i64 8, ptr {{.+}})
; CHECK-NEXT:    call void @llvm.memcpy.inline.p0.p0.i64(
; CHECK-NEXT:    call void @__schedsan_mem_set(ptr %d, i64 8, ptr {{.+}})
; CHECK-NEXT:    call void @llvm.memset.inline.p0.i64(

; OFF-LABEL: define void @shared(
; OFF-NOT:     call void @__schedsan_
; OFF:         ret void

; Both operands local (or the source constant): nothing to schedule.
define void @local() {
  %a = alloca [16 x i8]
  %b = alloca [16 x i8]
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr %a, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr @src, i64 16, i1 false)
  ret void
}
; CHECK-LABEL: define void @local(
; CHECK-NOT:     call void @__schedsan_
; CHECK:         ret void

; One shared operand is enough.
define void @half_local(ptr %shared) {
  %a = alloca [16 x i8]
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr %shared, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %shared, ptr %a, i64 16, i1 false)
  ret void
}
; CHECK-LABEL: define void @half_local(
; CHECK:         call void @__schedsan_mem_transfer(ptr %a, ptr %shared, i64 16,
; CHECK-NEXT:    call void @llvm.memcpy
; CHECK-NEXT:    call void @__schedsan_mem_transfer(ptr %shared, ptr %a, i64 16,
; CHECK-NEXT:    call void @llvm.memcpy

; Volatile: always, even on locals.
define void @volatile_local() {
  %a = alloca [16 x i8]
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 16, i1 true)
  ret void
}
; CHECK-LABEL: define void @volatile_local(
; CHECK:         call void @__schedsan_mem_set(ptr %a, i64 16,
; CHECK-NEXT:    call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 16, i1 true)

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memset.p0.i32(ptr, i8, i32, i1)
declare void @llvm.memcpy.inline.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.inline.p0.i64(ptr, i8, i64, i1)

; STATS: {{ }}9 schedsan - Memory intrinsics instrumented
; STATS: {{ }}3 schedsan - Skipped: non-escaping alloca
