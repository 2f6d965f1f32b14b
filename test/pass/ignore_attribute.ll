; A function with the "schedsan-ignore" attribute (what [[schedsan::ignore]]
; and annotate("schedsan_ignore") become) gets no event at all, atomics
; included; its memory operations are counted as skipped.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0

define void @ignored(ptr %p) "schedsan-ignore" {
  %v = load i32, ptr @g
  store i32 %v, ptr %p
  %old = atomicrmw add ptr %p, i32 1 seq_cst
  fence seq_cst
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 16, i1 false)
  ret void
}
; CHECK-LABEL: define void @ignored(
; CHECK-NOT:     call void @__schedsan_
; CHECK:         ret void

define void @not_ignored(ptr %p) {
  store i32 1, ptr %p
  ret void
}
; CHECK-LABEL: define void @not_ignored(
; CHECK-NEXT:    call void @__schedsan_write4(ptr %p,

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; STATS: {{ }}5 schedsan - Skipped: access in an ignored function
