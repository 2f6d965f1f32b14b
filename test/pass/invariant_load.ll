; Loads marked !invariant.load read memory that never changes while it is
; dereferenceable: no event.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i64 @invariant(ptr %p) {
  %a = load i64, ptr %p, !invariant.load !0
  %b = load i64, ptr %p
  %c = add i64 %a, %b
  ret i64 %c
}
; CHECK-LABEL: define i64 @invariant(
; CHECK-NEXT:    %a = load i64, ptr %p, align {{[0-9]+}}, !invariant.load
; CHECK-NEXT:    call void @__schedsan_read8(ptr %p,
; CHECK-NEXT:    %b = load i64, ptr %p

!0 = !{}

; STATS: {{ }}1 schedsan - Skipped: invariant load
