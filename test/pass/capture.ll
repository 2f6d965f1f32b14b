; Accesses to allocas that never escape the function cannot be shared and
; get no event; once the address escapes (passed to a call, stored to memory,
; returned), every access to the alloca is instrumented.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@sink = global ptr null

declare void @escape(ptr)

define i32 @not_captured() {
  %x = alloca i32
  %arr = alloca [4 x i32]
  store i32 1, ptr %x
  %gep = getelementptr [4 x i32], ptr %arr, i64 0, i64 2
  store i32 2, ptr %gep
  %a = load i32, ptr %x
  %b = load i32, ptr %gep
  %c = add i32 %a, %b
  ret i32 %c
}
; CHECK-LABEL: define i32 @not_captured(
; CHECK-NOT:     call void @__schedsan_
; CHECK:         ret i32

define void @captured_by_call() {
  %x = alloca i32
  call void @escape(ptr %x)
  store i32 1, ptr %x
  ret void
}
; CHECK-LABEL: define void @captured_by_call(
; CHECK:         call void @escape(ptr %x)
; CHECK-NEXT:    call void @__schedsan_write4(ptr %x,
; CHECK-NEXT:    store i32 1, ptr %x

define void @captured_by_store() {
  %x = alloca i32
  store i32 1, ptr %x
  store ptr %x, ptr @sink
  ret void
}
; CHECK-LABEL: define void @captured_by_store(
; CHECK:         call void @__schedsan_write4(ptr %x,
; CHECK-NEXT:    store i32 1, ptr %x
; CHECK-NEXT:    call void @__schedsan_write8(ptr @sink,
; CHECK-NEXT:    store ptr %x, ptr @sink

define ptr @captured_by_return() {
  %x = alloca i32
  store i32 1, ptr %x
  ret ptr %x
}
; CHECK-LABEL: define ptr @captured_by_return(
; CHECK:         call void @__schedsan_write4(ptr %x,
; CHECK-NEXT:    store i32 1, ptr %x

; STATS: {{ }}4 schedsan - Skipped: non-escaping alloca
