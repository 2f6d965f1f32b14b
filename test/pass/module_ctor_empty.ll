; A module without any scheduling point still registers (an empty table), so
; the runtime is initialized by any instrumented object.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @pure(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

; CHECK: @__schedsan_sites = private constant [0 x %schedsan.site] zeroinitializer
; CHECK: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @schedsan.module_ctor, ptr null }]
; CHECK-LABEL: define i32 @pure(
; CHECK-NOT:     __schedsan_
; CHECK:         ret i32
; CHECK-LABEL: define internal void @schedsan.module_ctor()
; CHECK-NEXT:    call void @__schedsan_init_module(ptr @__schedsan_sites, ptr @__schedsan_sites)
