; disable_sanitizer_instrumentation (clang's
; __attribute__((disable_sanitizer_instrumentation))) and naked functions are
; left alone like ignored ones.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0

define void @no_sanitizers() disable_sanitizer_instrumentation {
  store i32 1, ptr @g
  %v = load atomic i32, ptr @g seq_cst, align 4
  ret void
}
; CHECK-LABEL: define void @no_sanitizers(
; CHECK-NOT:     call void @__schedsan_
; CHECK:         ret void

define void @naked() naked {
  store i32 1, ptr @g
  unreachable
}
; CHECK-LABEL: define void @naked(
; CHECK-NOT:     call void @__schedsan_
; CHECK:         unreachable

define void @instrumented() {
  store i32 1, ptr @g
  ret void
}
; CHECK-LABEL: define void @instrumented(
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,

; STATS: {{ }}3 schedsan - Skipped: access in an ignored function
