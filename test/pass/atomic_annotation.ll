; A function annotated "schedsan_atomic" (what [[schedsan::atomic]] becomes)
; is ignored and gets one call event at its entry, inserted before inlining
; so that every inlined copy keeps it; SchedSanPass gives each its site.
; RUN: %opt -passes="schedsan-mark-ignored,always-inline,schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck --check-prefix=LATE %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@a = global i32 0
@b = global i32 0
@note = private unnamed_addr constant [16 x i8] c"schedsan_atomic\00", section "llvm.metadata"
@file = private unnamed_addr constant [4 x i8] c"x.c\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @move, ptr @note, ptr @file, i32 1, ptr null }], section "llvm.metadata"

define void @move() alwaysinline {
  %x = load i32, ptr @a
  store i32 0, ptr @a
  store i32 %x, ptr @b
  ret void
}
; CHECK-LABEL: define void @move()
; CHECK-NEXT:    call void @__schedsan_call(ptr @move, ptr {{.*}}@__schedsan_sites
; CHECK-NOT:     call void @__schedsan_
; CHECK:         ret void

define void @caller() {
  call void @move()
  store i32 1, ptr @a
  ret void
}
; CHECK-LABEL: define void @caller()
; CHECK-NEXT:    call void @__schedsan_call(ptr @move, ptr {{.*}}@__schedsan_sites
; CHECK-NEXT:    load i32, ptr @a
; CHECK-NEXT:    store i32 0, ptr @a
; CHECK-NEXT:    store i32 %{{.*}}, ptr @b
; CHECK-NEXT:    call void @__schedsan_write4(ptr @a,
; CHECK-NOT:     call void @__schedsan_call

; Without the early pass, the point goes in at the end (once).
; LATE-LABEL: define void @move()
; LATE-NEXT:    call void @__schedsan_call(ptr @move, ptr {{.*}}@__schedsan_sites
; LATE-NOT:     call void @__schedsan_
; LATE:         ret void
