; What the Clang plugin's annotations become (clang-plugin/GuardedAccesses.cpp
; makes them, pass/GuardedAccesses.cpp reads them): in a function annotated
; "schedsan_locks_proved", plain loads and stores whose address is a
; "schedsan_guarded" global or field annotation (through GEPs), or the value
; loaded from a "schedsan_pt_guarded" one, get no point. Everything else keeps
; its point: other functions, pointers kept in memory, memcpy, atomics. The
; annotations are removed. The mark is an access group no loop names
; (!schedsan.guarded holds it): when instcombine merges two loads into one,
; the merged load keeps it only if both had it.
; RUN: %opt -passes="schedsan-mark-ignored,schedsan,verify" -S %s | FileCheck %s
; RUN: %opt -passes="schedsan-mark-ignored,schedsan" -schedsan-guarded-accesses=false -S %s | FileCheck --check-prefix=OFF %s
; RUN: %opt -passes="schedsan-mark-ignored,instcombine,schedsan,verify" -S %s | FileCheck --check-prefix=MERGE %s
; RUN: %opt -passes="schedsan-mark-ignored,schedsan" -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.s = type { i32, ptr, [4 x i32] }

@g = global i32 0
@gp = global ptr null
@guarded = private unnamed_addr constant [17 x i8] c"schedsan_guarded\00", section "llvm.metadata"
@pt_guarded = private unnamed_addr constant [20 x i8] c"schedsan_pt_guarded\00", section "llvm.metadata"
@proved_note = private unnamed_addr constant [22 x i8] c"schedsan_locks_proved\00", section "llvm.metadata"
@file = private unnamed_addr constant [5 x i8] c"x.c\00\00", section "llvm.metadata"
@llvm.global.annotations = appending global [5 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @g, ptr @guarded, ptr @file, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @gp, ptr @pt_guarded, ptr @file, i32 2, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @proved, ptr @proved_note, ptr @file, i32 3, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @merged, ptr @proved_note, ptr @file, i32 6, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @half_merged, ptr @proved_note, ptr @file, i32 7, ptr null }], section "llvm.metadata"

; The entries read are removed (they would keep @proved alive).
; CHECK-NOT: @llvm.global.annotations

define void @proved(ptr %s, i64 %i) {
  call void @lock()
  %v = load i32, ptr @g
  %f = getelementptr inbounds %struct.s, ptr %s, i32 0, i32 0
  %fa = call ptr @llvm.ptr.annotation.p0.p0(ptr %f, ptr @guarded, ptr @file, i32 4, ptr null)
  store i32 %v, ptr %fa
  %arr = getelementptr inbounds %struct.s, ptr %s, i32 0, i32 2
  %arra = call ptr @llvm.ptr.annotation.p0.p0(ptr %arr, ptr @guarded, ptr @file, i32 4, ptr null)
  %el = getelementptr inbounds [4 x i32], ptr %arra, i64 0, i64 %i
  store i32 1, ptr %el
  %p = getelementptr inbounds %struct.s, ptr %s, i32 0, i32 1
  %pa = call ptr @llvm.ptr.annotation.p0.p0(ptr %p, ptr @pt_guarded, ptr @file, i32 5, ptr null)
  %pv = load ptr, ptr %pa
  %pe = getelementptr inbounds i32, ptr %pv, i64 1
  store i32 2, ptr %pe
  %q = load ptr, ptr @gp
  store i32 3, ptr %q
  store ptr %fa, ptr @escape
  %w = atomicrmw add ptr %fa, i32 1 seq_cst
  call void @llvm.memset.p0.i64(ptr %fa, i8 0, i64 4, i1 false)
  call void @unlock()
  ret void
}
; CHECK-LABEL: define void @proved(
; CHECK-NEXT:    call void @lock()
; CHECK-NEXT:    %v = load i32, ptr @g, align 4, !llvm.access.group [[G:![0-9]+]]
; CHECK-NEXT:    %f = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %f, align 4, !llvm.access.group [[G]]
; CHECK-NEXT:    %arr = getelementptr
; CHECK-NEXT:    %el = getelementptr inbounds [4 x i32], ptr %arr
; CHECK-NEXT:    store i32 1, ptr %el, align 4, !llvm.access.group [[G]]
; CHECK-NEXT:    %p = getelementptr
; the pointer itself is not guarded, what it points to is
; CHECK-NEXT:    call void @__schedsan_read8(ptr %p,
; CHECK-NEXT:    %pv = load ptr, ptr %p, align 8{{$}}
; CHECK-NEXT:    %pe = getelementptr
; CHECK-NEXT:    store i32 2, ptr %pe, align 4, !llvm.access.group [[G]]
; CHECK-NEXT:    call void @__schedsan_read8(ptr @gp,
; CHECK-NEXT:    %q = load ptr, ptr @gp, align 8{{$}}
; CHECK-NEXT:    store i32 3, ptr %q, align 4, !llvm.access.group [[G]]
; the address stored as a value: the store is to @escape
; CHECK-NEXT:    call void @__schedsan_write8(ptr @escape,
; CHECK-NEXT:    store ptr %f, ptr @escape
; CHECK-NEXT:    call void @__schedsan_atomic_rmw(ptr %f,
; CHECK:         call void @__schedsan_mem_set(
; CHECK-NOT:     llvm.ptr.annotation
; CHECK:         ret void

@escape = global ptr null

; Not proved: every access keeps its point; the annotation goes all the same.
define void @unproved(ptr %s) {
  store i32 1, ptr @g
  %f = getelementptr inbounds %struct.s, ptr %s, i32 0, i32 0
  %fa = call ptr @llvm.ptr.annotation.p0.p0(ptr %f, ptr @guarded, ptr @file, i32 4, ptr null)
  store i32 2, ptr %fa
  ret void
}
; CHECK-LABEL: define void @unproved(
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 1, ptr @g, align 4{{$}}
; CHECK-NEXT:    %f = getelementptr
; CHECK-NEXT:    call void @__schedsan_write4(ptr %f,
; CHECK-NEXT:    store i32 2, ptr %f, align 4{{$}}

; Two guarded loads merged into a load of a phi keep the mark; a guarded and
; an unguarded one do not.
define i32 @merged(ptr %s, i1 %c) {
  call void @lock()
  br i1 %c, label %then, label %else
then:
  %v1 = load i32, ptr @g
  br label %join
else:
  %f = getelementptr inbounds %struct.s, ptr %s, i32 0, i32 0
  %fa = call ptr @llvm.ptr.annotation.p0.p0(ptr %f, ptr @guarded, ptr @file, i32 4, ptr null)
  %v2 = load i32, ptr %fa
  br label %join
join:
  %v = phi i32 [ %v1, %then ], [ %v2, %else ]
  call void @unlock()
  ret i32 %v
}
define i32 @half_merged(ptr %s, i1 %c) {
  call void @lock()
  br i1 %c, label %then, label %else
then:
  %v1 = load i32, ptr @g
  br label %join
else:
  %f = getelementptr inbounds %struct.s, ptr %s, i32 0, i32 2
  %v2 = load i32, ptr %f
  br label %join
join:
  %v = phi i32 [ %v1, %then ], [ %v2, %else ]
  call void @unlock()
  ret i32 %v
}
; MERGE-LABEL: define i32 @merged(
; MERGE-NOT:     call void @__schedsan_read
; MERGE:         load i32, ptr %{{.*}}, !llvm.access.group
; MERGE-LABEL: define i32 @half_merged(
; MERGE:         call void @__schedsan_read4(
; MERGE-NEXT:    load i32, ptr %{{[^,]*}}, align 4{{$}}

; OFF-LABEL: define void @proved(
; OFF:         call void @__schedsan_read4(ptr @g,
; OFF:         call void @__schedsan_write4(ptr %f,

; STATS: {{ }}8 schedsan - Skipped: access under its GUARDED_BY lock (thread-safety analysis)

declare void @lock()
declare void @unlock()
declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
