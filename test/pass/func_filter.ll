; -schedsan-func-filter=<names>: function enter/return events only in the
; named functions, with or without -schedsan-func-events. A name matches the
; linkage name, or the demangled name without its parameter list
; (Queue::push for _ZN5Queue4pushEi), whatever suffix the compiler added
; (.llvm.N). Memory events stay in every function.
; RUN: %opt -passes="schedsan,verify" -schedsan-func-filter=plain,Queue::push,_ZNK5Queue4sizeEv,local -S %s | FileCheck %s
; RUN: %opt -passes="schedsan,verify" -schedsan-func-events -schedsan-func-filter=plain -schedsan-func-filter=Queue::push,_ZNK5Queue4sizeEv,local -S %s | FileCheck %s
; RUN: %opt -passes="schedsan,verify" -schedsan-func-filter=Queue -S %s | FileCheck --check-prefix=CTOR %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0

define void @plain() {
  ret void
}
; CHECK-LABEL: define void @plain(
; CHECK-NEXT:    call void @__schedsan_func_entry(ptr @plain,
; CHECK-NEXT:    call void @__schedsan_func_exit(ptr @plain,

; Queue::push(int)
define void @_ZN5Queue4pushEi(ptr %this, i32 %v) {
  store i32 %v, ptr @g
  ret void
}
; CHECK-LABEL: define void @_ZN5Queue4pushEi(
; CHECK-NEXT:    call void @__schedsan_func_entry(ptr @_ZN5Queue4pushEi,
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 %v, ptr @g
; CHECK-NEXT:    call void @__schedsan_func_exit(ptr @_ZN5Queue4pushEi,

; Queue::pop(): not named, but its memory events stay.
define i32 @_ZN5Queue3popEv(ptr %this) {
  %v = load i32, ptr @g
  ret i32 %v
}
; CHECK-LABEL: define i32 @_ZN5Queue3popEv(
; CHECK-NOT:     __schedsan_func_
; CHECK:         call void @__schedsan_read4(ptr @g,
; CHECK-NOT:     __schedsan_func_
; CHECK:         ret i32 %v

; Queue::size() const, named by its linkage name.
define i32 @_ZNK5Queue4sizeEv(ptr %this) {
  ret i32 0
}
; CHECK-LABEL: define i32 @_ZNK5Queue4sizeEv(
; CHECK-NEXT:    call void @__schedsan_func_entry(ptr @_ZNK5Queue4sizeEv,

; A static function renamed by the compiler.
define internal void @local.llvm.42() {
  ret void
}
; CHECK-LABEL: define internal void @local.llvm.42(
; CHECK-NEXT:    call void @__schedsan_func_entry(ptr @local.llvm.42,

; Not named: no events ("plain" is not a prefix match).
define void @plainer() {
  ret void
}
; CHECK-LABEL: define void @plainer(
; CHECK-NEXT:    ret void

; Queue::Queue() (a constructor) is Queue::Queue, not Queue.
define void @_ZN5QueueC2Ev(ptr %this) {
  ret void
}
; CHECK-LABEL: define void @_ZN5QueueC2Ev(
; CHECK-NEXT:    ret void
; CTOR-LABEL: define void @_ZN5QueueC2Ev(
; CTOR-NEXT:    ret void
; CTOR-NOT:     __schedsan_func_entry(
