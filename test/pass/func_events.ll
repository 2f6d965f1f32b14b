; -schedsan-func-events: __schedsan_func_entry after the entry block's
; allocas, __schedsan_func_exit before every ret and resume; before a
; musttail call, which must stay right before its ret. Both pass the
; function's own address and its site.
; RUN: %opt -passes="schedsan,verify" -schedsan-func-events -S %s | FileCheck %s
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck --check-prefix=OFF %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0

define i32 @two_returns(i1 %c) {
entry:
  %x = alloca i32
  %v = load i32, ptr @g
  br i1 %c, label %a, label %b
a:
  ret i32 %v
b:
  ret i32 0
}
; CHECK-LABEL: define i32 @two_returns(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %x = alloca i32
; CHECK-NEXT:    call void @__schedsan_func_entry(ptr @two_returns, ptr [[SITE:.+]])
; CHECK-NEXT:    call void @__schedsan_read4(ptr @g,
; CHECK-NEXT:    %v = load i32, ptr @g
; CHECK:       a:
; CHECK-NEXT:    call void @__schedsan_func_exit(ptr @two_returns, ptr [[SITE]])
; CHECK-NEXT:    ret i32 %v
; CHECK:       b:
; CHECK-NEXT:    call void @__schedsan_func_exit(ptr @two_returns, ptr [[SITE]])
; CHECK-NEXT:    ret i32 0

; OFF-LABEL: define i32 @two_returns(
; OFF-NOT:     __schedsan_func_
; OFF:         ret i32 0

declare i32 @callee(i32)

define i32 @tail(i32 %x) {
  %r = musttail call i32 @callee(i32 %x)
  ret i32 %r
}
; CHECK-LABEL: define i32 @tail(
; CHECK-NEXT:    call void @__schedsan_func_entry(ptr @tail,
; CHECK-NEXT:    call void @__schedsan_func_exit(ptr @tail,
; CHECK-NEXT:    %r = musttail call i32 @callee(i32 %x)
; CHECK-NEXT:    ret i32 %r

; A function that ends in unreachable has no exit event.
define void @no_return() {
  store i32 1, ptr @g
  unreachable
}
; CHECK-LABEL: define void @no_return(
; CHECK-NEXT:    call void @__schedsan_func_entry(
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 1, ptr @g
; CHECK-NEXT:    unreachable

declare void @may_throw()
declare i32 @__gxx_personality_v0(...)

define void @rethrows() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %ok unwind label %lpad
ok:
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}
; CHECK-LABEL: define void @rethrows(
; CHECK:       ok:
; CHECK-NEXT:    call void @__schedsan_func_exit(
; CHECK-NEXT:    ret void
; CHECK:       lpad:
; CHECK-NEXT:    %lp = landingpad
; CHECK-NEXT:    cleanup
; CHECK-NEXT:    call void @__schedsan_func_exit(
; CHECK-NEXT:    resume

; CHECK: declare void @__schedsan_func_entry(ptr, ptr)
; CHECK: declare void @__schedsan_func_exit(ptr, ptr)
