; Reads of constant globals (and of anything derived from them) cannot race:
; no event. Reads of mutable globals are instrumented.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@table = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@limit = constant i64 100
@str = private unnamed_addr constant [6 x i8] c"hello\00"
@counter = global i32 0

define i32 @read_constants(i64 %i) {
  %p = getelementptr [4 x i32], ptr @table, i64 0, i64 %i
  %a = load i32, ptr %p
  %b = load i64, ptr @limit
  %c = load i8, ptr @str
  ret i32 %a
}
; CHECK-LABEL: define i32 @read_constants(
; CHECK-NOT:     call void @__schedsan_
; CHECK:         ret i32

define i32 @read_mutable() {
  %a = load i32, ptr @counter
  ret i32 %a
}
; CHECK-LABEL: define i32 @read_mutable(
; CHECK-NEXT:    call void @__schedsan_read4(ptr @counter,
; CHECK-NEXT:    load i32, ptr @counter

; STATS: {{ }}3 schedsan - Skipped: read of constant global
