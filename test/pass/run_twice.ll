; Running the pass twice (clang -fpass-plugin plus an explicit -passes=, or
; LTO) instruments once: the module flag schedsan.instrumented marks it.
; RUN: %opt -passes="schedsan,schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes="schedsan" -S %s | %opt -passes="schedsan,verify" -S | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0

define void @f() {
  store i32 1, ptr @g
  ret void
}

; CHECK:         @__schedsan_sites = private constant [1 x %schedsan.site]
; CHECK-NOT:     @__schedsan_sites
; CHECK:         @llvm.global_ctors = appending global [1 x
; CHECK-LABEL: define void @f()
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 1, ptr @g
; CHECK-NEXT:    ret void
; CHECK-LABEL: define internal void @schedsan.module_ctor()
; CHECK-NEXT:    call void @__schedsan_init_module(
; CHECK-NEXT:    ret void
; CHECK-NOT:   define internal void @schedsan.module_ctor
; CHECK:         !llvm.module.flags = !{![[FLAG:[0-9]+]]}
; CHECK:         ![[FLAG]] = !{i32 7, !"schedsan.instrumented", i32 1}
