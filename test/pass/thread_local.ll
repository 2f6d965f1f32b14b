; thread_local variables are private to a thread: no event, whether the
; access names the global directly or goes through llvm.threadlocal.address
; (how clang accesses them).
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@tls = thread_local global i32 0
@tls_arr = thread_local global [8 x i64] zeroinitializer
@shared = global i32 0

define void @direct() {
  %a = load i32, ptr @tls
  store i32 %a, ptr @tls
  ret void
}
; CHECK-LABEL: define void @direct(
; CHECK-NOT:     call void @__schedsan_
; CHECK:         ret void

define void @via_intrinsic(i64 %i) {
  %p = call ptr @llvm.threadlocal.address.p0(ptr @tls)
  %v = load i32, ptr %p
  %q = call ptr @llvm.threadlocal.address.p0(ptr @tls_arr)
  %e = getelementptr [8 x i64], ptr %q, i64 0, i64 %i
  store i64 1, ptr %e
  ret void
}
; CHECK-LABEL: define void @via_intrinsic(
; CHECK-NOT:     call void @__schedsan_
; CHECK:         ret void

define void @not_tls() {
  store i32 1, ptr @shared
  ret void
}
; CHECK-LABEL: define void @not_tls(
; CHECK-NEXT:    call void @__schedsan_write4(ptr @shared,

declare ptr @llvm.threadlocal.address.p0(ptr)

; STATS: {{ }}4 schedsan - Skipped: thread_local global
