; A hook never goes before a PHI or an EH pad (landingpad, cleanuppad,
; catchpad, catchswitch): events are only made for memory operations and
; calls, which come after them.
; RUN: %opt -passes="schedsan,verify" -schedsan-call-events -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0

declare void @may_throw()
declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)

define i32 @phi(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %a, label %join
a:
  br label %join
join:
  %addr = phi ptr [ %p, %entry ], [ %q, %a ]
  %v = load i32, ptr %addr
  ret i32 %v
}
; CHECK-LABEL: define i32 @phi(
; CHECK:       join:
; CHECK-NEXT:    %addr = phi ptr
; CHECK-NEXT:    call void @__schedsan_read4(ptr %addr,
; CHECK-NEXT:    %v = load i32, ptr %addr

define void @landingpad() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %ok unwind label %lpad
ok:
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  store i32 1, ptr @g
  resume { ptr, i32 } %lp
}
; CHECK-LABEL: define void @landingpad(
; CHECK:       lpad:
; CHECK-NEXT:    %lp = landingpad { ptr, i32 }
; CHECK-NEXT:    cleanup
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 1, ptr @g

define void @funclets() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw() to label %ok unwind label %dispatch
ok:
  ret void
dispatch:
  %cs = catchswitch within none [label %handler] unwind label %cleanup
handler:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  store i32 2, ptr @g
  catchret from %cp to label %ok
cleanup:
  %cl = cleanuppad within none []
  %v = load i32, ptr @g
  cleanupret from %cl unwind to caller
}
; CHECK-LABEL: define void @funclets(
; CHECK:       dispatch:
; CHECK-NEXT:    %cs = catchswitch
; CHECK:       handler:
; CHECK-NEXT:    %cp = catchpad
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK:       cleanup:
; CHECK-NEXT:    %cl = cleanuppad
; CHECK-NEXT:    call void @__schedsan_read4(ptr @g,
