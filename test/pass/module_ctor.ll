; Each module registers its site table with the runtime from a constructor
; of priority 1 (before user constructors that may start threads):
; __schedsan_init_module(begin, end). Existing constructors are kept.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @user_ctor, ptr null }]
@g = global i32 0

define internal void @user_ctor() {
  store i32 1, ptr @g
  ret void
}

define void @f() {
  store i32 2, ptr @g
  ret void
}

; CHECK: @__schedsan_sites = private constant [2 x %schedsan.site]
; CHECK: @llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @user_ctor, ptr null }, { i32, ptr, ptr } { i32 1, ptr @schedsan.module_ctor, ptr null }]

; User constructors are instrumented like other functions.
; CHECK-LABEL: define internal void @user_ctor()
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,

; CHECK-LABEL: define internal void @schedsan.module_ctor()
; CHECK-SAME:    #[[ATTR:[0-9]+]]
; CHECK-NEXT:    call void @__schedsan_init_module(ptr @__schedsan_sites, ptr getelementptr inbounds (%schedsan.site, ptr @__schedsan_sites, i64 2))
; CHECK-NEXT:    ret void

; CHECK: declare void @__schedsan_init_module(ptr, ptr)
; CHECK: attributes #[[ATTR]] = { nounwind }
