; Code of an ignored function stays uninstrumented after it is inlined:
; schedsan-mark-ignored (first in clang's pipeline) tags its memory operations
; and calls with !schedsan.ignore, which the inliner copies.
; RUN: %opt -passes="schedsan-mark-ignored,always-inline,schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes="schedsan-mark-ignored" -S %s | FileCheck --check-prefix=MARK %s
; RUN: %opt -passes="schedsan-mark-ignored,always-inline,schedsan" -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0
@h = global i32 0
@.str.ignore = private unnamed_addr constant [16 x i8] c"schedsan_ignore\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @benign_race, ptr @.str.ignore, ptr null, i32 0, ptr null }
], section "llvm.metadata"

declare void @log_it()

define internal void @benign_race() alwaysinline {
  %v = load i32, ptr @g
  %inc = add i32 %v, 1
  store i32 %inc, ptr @g
  call void @log_it()
  ret void
}
; MARK-LABEL: define internal void @benign_race() #0 {
; MARK-NEXT:    load i32, ptr @g, align 4, !schedsan.ignore ![[M:[0-9]+]]
; MARK-NEXT:    add
; MARK-NEXT:    store i32 %inc, ptr @g, align 4, !schedsan.ignore ![[M]]
; MARK-NEXT:    call void @log_it(), !schedsan.ignore ![[M]]
; MARK: attributes #0 = { alwaysinline "schedsan-ignore" }
; MARK: ![[M]] = !{}

define void @caller() {
  call void @benign_race()
  store i32 1, ptr @h
  ret void
}
; CHECK-LABEL: define void @caller() {
; CHECK-NEXT:    load i32, ptr @g
; CHECK-NEXT:    add
; CHECK-NEXT:    store i32 {{.*}}, ptr @g
; CHECK-NEXT:    call void @log_it()
; CHECK-NEXT:    call void @__schedsan_write4(ptr @h,
; CHECK-NEXT:    store i32 1, ptr @h

; The metadata works without the attribute too (an inlined copy in a module
; that no longer has the annotation).
define void @tagged(ptr %p) {
  store i32 1, ptr %p, !schedsan.ignore !0
  store i32 2, ptr %p
  ret void
}
; CHECK-LABEL: define void @tagged(
; CHECK-NEXT:    store i32 1, ptr %p
; CHECK-NEXT:    call void @__schedsan_write4(ptr %p,
; CHECK-NEXT:    store i32 2, ptr %p

!0 = !{}

; Two in @benign_race (kept alive by the annotation), two inlined into
; @caller, one in @tagged.
; STATS: {{ }}5 schedsan - Skipped: access in an ignored function
