; Instructions that another instrumentation inserted (clang's sanitizer
; checks, coverage) carry !nosanitize: no event, atomics included.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__ubsan_vptr_type_cache = external global [128 x i64]

define void @checks(i64 %h, ptr %p) {
  %slot = getelementptr [128 x i64], ptr @__ubsan_vptr_type_cache, i64 0, i64 %h
  %cached = load i64, ptr %slot, align 8, !nosanitize !0
  %n = atomicrmw add ptr %p, i32 1 monotonic, !nosanitize !0
  %v = load i64, ptr %p
  ret void
}
; CHECK-LABEL: define void @checks(
; CHECK-NEXT:    %slot = getelementptr
; CHECK-NEXT:    %cached = load i64, ptr %slot
; CHECK-NEXT:    %n = atomicrmw add
; CHECK-NEXT:    call void @__schedsan_read8(ptr %p,
; CHECK-NEXT:    %v = load i64, ptr %p

!0 = !{}

; STATS: {{ }}2 schedsan - Skipped: instruction of another instrumentation
