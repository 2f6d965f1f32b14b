; Counters that the compiler inserts (profile counters, gcov arcs, sanitizer
; coverage) are racy by design, never a bug: no event.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__profc_main = private global [2 x i64] zeroinitializer, section "__llvm_prf_cnts", align 8
@__llvm_gcov_ctr = internal global [4 x i64] zeroinitializer
@__sancov_gen_.1 = private global [1 x i8] zeroinitializer, section "__sancov_cntrs"
@renamed_counters = private global [2 x i64] zeroinitializer, section "__llvm_prf_cnts"
@user = global i64 0

define void @counters() {
  %a = load i64, ptr @__profc_main
  %a1 = add i64 %a, 1
  store i64 %a1, ptr @__profc_main
  %p = getelementptr [4 x i64], ptr @__llvm_gcov_ctr, i64 0, i64 3
  %b = load i64, ptr %p
  %b1 = add i64 %b, 1
  store i64 %b1, ptr %p
  %c = load i8, ptr @__sancov_gen_.1
  %c1 = add i8 %c, 1
  store i8 %c1, ptr @__sancov_gen_.1
  %d = load i64, ptr @renamed_counters
  store i64 0, ptr @user
  ret void
}
; CHECK-LABEL: define void @counters(
; CHECK-NOT:     call void @__schedsan_
; CHECK:         call void @__schedsan_write8(ptr @user,
; CHECK-NEXT:    store i64 0, ptr @user
; CHECK-NEXT:    ret void

; STATS: {{ }}7 schedsan - Skipped: compiler-generated counter
