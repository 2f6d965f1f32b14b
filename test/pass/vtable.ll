; Loads of a vtable pointer (TBAA "vtable pointer" access tag) read memory
; written once, before the object is shared: no event. Stores of the vtable
; pointer (constructors, destructors) are real writes and are instrumented.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@_ZTV4Base = constant { [3 x ptr] } zeroinitializer

define void @virtual_call(ptr %obj) {
  %vtable = load ptr, ptr %obj, !tbaa !0
  %slot = getelementptr ptr, ptr %vtable, i64 2
  %fn = load ptr, ptr %slot
  call void %fn(ptr %obj)
  ret void
}
; CHECK-LABEL: define void @virtual_call(
; CHECK-NEXT:    %vtable = load ptr, ptr %obj
; CHECK-NEXT:    %slot = getelementptr
; CHECK-NEXT:    call void @__schedsan_read8(ptr %slot,
; CHECK-NEXT:    %fn = load ptr, ptr %slot

define void @constructor(ptr %obj) {
  store ptr getelementptr inbounds ({ [3 x ptr] }, ptr @_ZTV4Base, i32 0, i32 0, i32 2), ptr %obj, !tbaa !0
  ret void
}
; CHECK-LABEL: define void @constructor(
; CHECK-NEXT:    call void @__schedsan_write8(ptr %obj,
; CHECK-NEXT:    store ptr

!0 = !{!1, !1, i64 0}
!1 = !{!"vtable pointer", !2, i64 0}
!2 = !{!"Simple C++ TBAA"}

; STATS: {{ }}1 schedsan - Skipped: vtable pointer load
