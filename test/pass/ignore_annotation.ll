; __attribute__((annotate("schedsan_ignore"))) reaches the pass as an entry
; of llvm.global.annotations: the function gets the schedsan-ignore
; attribute and no events. Other annotations change nothing.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0
@.str.ignore = private unnamed_addr constant [16 x i8] c"schedsan_ignore\00", section "llvm.metadata"
@.str.other = private unnamed_addr constant [6 x i8] c"other\00", section "llvm.metadata"
@.str.file = private unnamed_addr constant [4 x i8] c"a.c\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @annotated, ptr @.str.ignore, ptr @.str.file, i32 3, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @other_annotation, ptr @.str.other, ptr @.str.file, i32 8, ptr null }
], section "llvm.metadata"

define void @annotated() {
  %v = load i32, ptr @g
  store i32 %v, ptr @g
  ret void
}
; CHECK-LABEL: define void @annotated()
; CHECK-SAME:    #[[IGNORE:[0-9]+]]
; CHECK-NOT:     call void @__schedsan_
; CHECK:         ret void

define void @other_annotation() {
  store i32 1, ptr @g
  ret void
}
; CHECK-LABEL: define void @other_annotation() {
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,

; CHECK: attributes #[[IGNORE]] = { "schedsan-ignore" }

; STATS: {{ }}2 schedsan - Skipped: access in an ignored function
