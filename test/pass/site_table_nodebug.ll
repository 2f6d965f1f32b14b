; Without debug info a site names the function and the module's source file,
; line 0 and column 0. Strings are shared between sites.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
source_filename = "src/queue.c"

@g = global i32 0

define void @push() {
  store i32 1, ptr @g
  ret void
}

define void @pop() {
  %v = load i32, ptr @g
  store i32 0, ptr @g
  ret void
}

; The entry type matches struct schedsan_site.
; CHECK:      %schedsan.site = type { ptr, ptr, i32, i32 }
; CHECK:      @[[PUSH:__schedsan_str[.0-9]*]] = private unnamed_addr constant [5 x i8] c"push\00", align 1
; CHECK-NEXT: @[[FILE:__schedsan_str[.0-9]*]] = private unnamed_addr constant [12 x i8] c"src/queue.c\00", align 1
; CHECK-NEXT: @[[POP:__schedsan_str[.0-9]*]] = private unnamed_addr constant [4 x i8] c"pop\00", align 1
; CHECK-NEXT: @__schedsan_sites = private constant [3 x %schedsan.site] [
; CHECK-SAME:   %schedsan.site { ptr @[[PUSH]], ptr @[[FILE]], i32 0, i32 0 },
; CHECK-SAME:   %schedsan.site { ptr @[[POP]], ptr @[[FILE]], i32 0, i32 0 },
; CHECK-SAME:   %schedsan.site { ptr @[[POP]], ptr @[[FILE]], i32 0, i32 0 }]
; CHECK-NOT:  __schedsan_str

; CHECK-LABEL: define void @push()
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g, ptr @__schedsan_sites)
; CHECK-LABEL: define void @pop()
; CHECK-NEXT:    call void @__schedsan_read4(ptr @g, ptr getelementptr (%schedsan.site, ptr @__schedsan_sites, i64 1))
; CHECK-NEXT:    load i32, ptr @g
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g, ptr getelementptr (%schedsan.site, ptr @__schedsan_sites, i64 2))
