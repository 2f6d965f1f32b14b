; The pass is required (isRequired): optnone functions, what clang -O0
; produces, are instrumented like any other.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0

define void @at_O0() #0 {
entry:
  %v = load i32, ptr @g
  %inc = add nsw i32 %v, 1
  store i32 %inc, ptr @g
  ret void
}
; CHECK-LABEL: define void @at_O0(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__schedsan_read4(ptr @g,
; CHECK-NEXT:    load i32, ptr @g
; CHECK-NEXT:    add
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 %inc, ptr @g

attributes #0 = { noinline nounwind optnone }
