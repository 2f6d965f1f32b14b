; -schedsan-call-events: __schedsan_call(callee, site) before every call and
; invoke (an indirect call passes the pointer it calls). Intrinsics (those
; that touch memory too), inline asm and calls into the runtime (a control
; point, __schedsan_*) are not calls.
; RUN: %opt -passes="schedsan,verify" -schedsan-call-events -S %s | FileCheck %s
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck --check-prefix=OFF %s
; RUN: %opt -passes=schedsan -schedsan-call-events -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @direct()
declare i32 @llvm.smax.i32(i32, i32)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare i32 @__gxx_personality_v0(...)

define void @calls(ptr %fp, i32 %x, ptr %buf) {
  call void @direct()
  call void %fp(i32 %x)
  %m = call i32 @llvm.smax.i32(i32 %x, i32 0)
  call void asm sideeffect "nop", ""()
  ret void
}
; CHECK-LABEL: define void @calls(
; CHECK-NEXT:    call void @__schedsan_call(ptr @direct, ptr {{.+}})
; CHECK-NEXT:    call void @direct()
; CHECK-NEXT:    call void @__schedsan_call(ptr %fp, ptr {{.+}})
; CHECK-NEXT:    call void %fp(i32 %x)
; CHECK-NEXT:    call i32 @llvm.smax.i32
; CHECK-NEXT:    call void asm sideeffect "nop"
; CHECK-NEXT:    ret void

; OFF-LABEL: define void @calls(
; OFF-NOT:     __schedsan_call
; OFF:         ret void

define void @invokes() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @direct() to label %ok unwind label %lpad
ok:
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}
; CHECK-LABEL: define void @invokes(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__schedsan_call(ptr @direct,
; CHECK-NEXT:    invoke void @direct()

declare i32 @callee(i32)

define i32 @tail(i32 %x) {
  %r = musttail call i32 @callee(i32 %x)
  ret i32 %r
}
; CHECK-LABEL: define i32 @tail(
; CHECK-NEXT:    call void @__schedsan_call(ptr @callee,
; CHECK-NEXT:    %r = musttail call i32 @callee(i32 %x)
; CHECK-NEXT:    ret i32 %r

; Call events and function events together around a musttail call.
; RUN: %opt -passes="schedsan,verify" -schedsan-call-events -schedsan-func-events -S %s | FileCheck --check-prefix=BOTH %s
; BOTH-LABEL: define i32 @tail(
; BOTH-NEXT:    call void @__schedsan_func_entry(
; BOTH-NEXT:    call void @__schedsan_call(ptr @callee,
; BOTH-NEXT:    call void @__schedsan_func_exit(
; BOTH-NEXT:    %r = musttail call i32 @callee(i32 %x)
; BOTH-NEXT:    ret i32 %r

declare extern_weak void @__schedsan_control_point(i32)
declare void @llvm.va_start.p0(ptr)

define void @not_calls(ptr %ap, ...) {
  call void @__schedsan_control_point(i32 7)
  call void @llvm.va_start.p0(ptr %ap)
  call void @direct()
  ret void
}
; CHECK-LABEL: define void @not_calls(
; CHECK-NEXT:    call void @__schedsan_control_point(i32 7)
; CHECK-NEXT:    call void @llvm.va_start.p0(ptr %ap)
; CHECK-NEXT:    call void @__schedsan_call(ptr @direct,
; CHECK-NEXT:    call void @direct()

; STATS: {{ }}5 schedsan - Call events inserted
; STATS: {{ }}1 schedsan - Call events skipped: call into the runtime (__schedsan_*)
