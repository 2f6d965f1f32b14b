; Fences: (C11 order) only. A signal fence (syncscope("singlethread")) is a
; scheduling point like any other.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @fences() {
  fence acquire
  fence release
  fence acq_rel
  fence seq_cst
  fence syncscope("singlethread") seq_cst
  ret void
}
; CHECK-LABEL: define void @fences(
; CHECK-NEXT:    call void @__schedsan_atomic_fence(i32 2, ptr {{.+}})
; CHECK-NEXT:    fence acquire
; CHECK-NEXT:    call void @__schedsan_atomic_fence(i32 3, ptr {{.+}})
; CHECK-NEXT:    fence release
; CHECK-NEXT:    call void @__schedsan_atomic_fence(i32 4, ptr {{.+}})
; CHECK-NEXT:    fence acq_rel
; CHECK-NEXT:    call void @__schedsan_atomic_fence(i32 5, ptr {{.+}})
; CHECK-NEXT:    fence seq_cst
; CHECK-NEXT:    call void @__schedsan_atomic_fence(i32 5, ptr {{.+}})
; CHECK-NEXT:    fence syncscope("singlethread") seq_cst

; CHECK: declare void @__schedsan_atomic_fence(i32, ptr)

; STATS: {{ }}5 schedsan - Fences instrumented
