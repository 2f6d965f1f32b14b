; Volatile accesses are always events (they are how some programs
; synchronize, and device or signal-handler memory), even on a local that
; does not escape; they never merge into an update.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@flag = global i32 0
@const = constant i32 1

define void @global_volatile() {
  %v = load volatile i32, ptr @flag
  store volatile i32 1, ptr @flag
  %c = load volatile i32, ptr @const
  ret void
}
; CHECK-LABEL: define void @global_volatile(
; CHECK-NEXT:    call void @__schedsan_read4(ptr @flag,
; CHECK-NEXT:    load volatile i32, ptr @flag
; CHECK-NEXT:    call void @__schedsan_write4(ptr @flag,
; CHECK-NEXT:    store volatile i32 1, ptr @flag
; CHECK-NEXT:    call void @__schedsan_read4(ptr @const,
; CHECK-NEXT:    load volatile i32, ptr @const

define i32 @local_volatile() {
  %x = alloca i32
  store volatile i32 0, ptr %x
  %v = load volatile i32, ptr %x
  %y = alloca i32
  store i32 0, ptr %y
  ret i32 %v
}
; CHECK-LABEL: define i32 @local_volatile(
; CHECK:         call void @__schedsan_write4(ptr %x,
; CHECK-NEXT:    store volatile i32 0, ptr %x
; CHECK-NEXT:    call void @__schedsan_read4(ptr %x,
; CHECK-NEXT:    load volatile i32, ptr %x
; CHECK-NOT:     call void @__schedsan_
; CHECK:         ret i32 %v

define void @volatile_sizes(ptr %p) {
  %a = load volatile i8, ptr %p
  %b = load volatile i128, ptr %p
  store volatile i24 0, ptr %p
  ret void
}
; CHECK-LABEL: define void @volatile_sizes(
; CHECK-NEXT:    call void @__schedsan_read1(ptr %p,
; CHECK-NEXT:    load volatile i8
; CHECK-NEXT:    call void @__schedsan_read16(ptr %p,
; CHECK-NEXT:    load volatile i128
; CHECK-NEXT:    call void @__schedsan_write_range(ptr %p, i64 3,
; CHECK-NEXT:    store volatile i24

; STATS: {{ }}8 schedsan - Volatile accesses instrumented
; STATS: {{ }}1 schedsan - Skipped: non-escaping alloca
