; A read followed by a write of the same address: by default two scheduling
; points, __schedsan_readN before the read and __schedsan_writeN before the
; write, so another thread may run between them (a lost update). With
; -schedsan-compound-updates, when the sizes match and no other scheduling
; point lies between them, they are one compound event: __schedsan_updateN
; goes before the read and the read and write get no event of their own.
; Lines checked under both (CHECK) are the same either way.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck --check-prefixes=CHECK,SPLIT %s
; RUN: %opt -passes="schedsan,verify" -schedsan-compound-updates -S %s | FileCheck --check-prefixes=CHECK,COMPOUND %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=SPLIT-STATS %s
; RUN: %opt -passes=schedsan -schedsan-compound-updates -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0
@h = global i32 0
@a = global i64 0

declare void @foo()
declare i32 @llvm.smax.i32(i32, i32)

define void @increment() {
  %v = load i32, ptr @g
  %inc = add i32 %v, 1
  store i32 %inc, ptr @g
  ret void
}
; CHECK-LABEL: define void @increment(
; SPLIT-NEXT:    call void @__schedsan_read4(ptr @g,
; COMPOUND-NEXT: call void @__schedsan_update4(ptr @g,
; CHECK-NEXT:    %v = load i32, ptr @g
; CHECK-NEXT:    %inc = add i32 %v, 1
; SPLIT-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 %inc, ptr @g
; CHECK-NEXT:    ret void

; Two reads before the write: an event each (another thread's write between
; them is seen by the second), or one update before the first.
define void @two_reads() {
  %v = load i32, ptr @g
  %w = load i32, ptr @g
  %s = add i32 %v, %w
  store i32 %s, ptr @g
  ret void
}
; CHECK-LABEL: define void @two_reads(
; SPLIT-NEXT:    call void @__schedsan_read4(ptr @g,
; COMPOUND-NEXT: call void @__schedsan_update4(ptr @g,
; CHECK-NEXT:    %v = load i32, ptr @g
; SPLIT-NEXT:    call void @__schedsan_read4(ptr @g,
; CHECK-NEXT:    %w = load i32, ptr @g
; CHECK-NEXT:    add
; SPLIT-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 %s, ptr @g
; CHECK-NEXT:    ret void

; An intrinsic that touches no memory is not a call: it does not keep the
; read and the write from merging.
define void @through_pure_intrinsic(i32 %x) {
  %v = load i32, ptr @g
  %m = call i32 @llvm.smax.i32(i32 %v, i32 %x)
  store i32 %m, ptr @g
  ret void
}
; CHECK-LABEL: define void @through_pure_intrinsic(
; SPLIT-NEXT:    call void @__schedsan_read4(ptr @g,
; COMPOUND-NEXT: call void @__schedsan_update4(ptr @g,
; CHECK-NEXT:    load i32, ptr @g
; CHECK-NEXT:    call i32 @llvm.smax.i32
; SPLIT-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 %m, ptr @g

; A call may contain scheduling points: a read and a write.
define void @across_call() {
  %v = load i32, ptr @g
  call void @foo()
  store i32 %v, ptr @g
  ret void
}
; CHECK-LABEL: define void @across_call(
; CHECK-NEXT:    call void @__schedsan_read4(ptr @g,
; CHECK-NEXT:    %v = load i32, ptr @g
; CHECK-NEXT:    call void @foo()
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 %v, ptr @g
; CHECK-NOT:     __schedsan_update

; Volatile accesses are always events of their own.
define void @volatile_rmw() {
  %v = load volatile i32, ptr @g
  store volatile i32 %v, ptr @g
  ret void
}
; CHECK-LABEL: define void @volatile_rmw(
; CHECK-NEXT:    call void @__schedsan_read4(ptr @g,
; CHECK-NEXT:    load volatile i32, ptr @g
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store volatile i32 %v, ptr @g
; CHECK-NOT:     __schedsan_update

; Another event between the read and the write would let a thread run
; between them after the update was announced: not merged.
define void @across_other_access(ptr %p) {
  %v = load i32, ptr @g
  %w = load i32, ptr @h
  %s = add i32 %v, %w
  store i32 %s, ptr @g
  ret void
}
; CHECK-LABEL: define void @across_other_access(
; CHECK-NEXT:    call void @__schedsan_read4(ptr @g,
; CHECK-NEXT:    %v = load i32, ptr @g
; CHECK-NEXT:    call void @__schedsan_read4(ptr @h,
; CHECK-NEXT:    %w = load i32, ptr @h
; CHECK-NEXT:    add
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 %s, ptr @g
; CHECK-NOT:     __schedsan_update

; Reading another address first does not prevent the merge.
define void @other_access_before() {
  %w = load i32, ptr @h
  %v = load i32, ptr @g
  %s = add i32 %v, %w
  store i32 %s, ptr @g
  ret void
}
; CHECK-LABEL: define void @other_access_before(
; CHECK-NEXT:    call void @__schedsan_read4(ptr @h,
; CHECK-NEXT:    %w = load i32, ptr @h
; SPLIT-NEXT:    call void @__schedsan_read4(ptr @g,
; COMPOUND-NEXT: call void @__schedsan_update4(ptr @g,
; CHECK-NEXT:    %v = load i32, ptr @g
; CHECK-NEXT:    add
; SPLIT-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 %s, ptr @g

; An atomic operation or a fence between them is a scheduling point too.
define void @across_atomic(ptr %flag) {
  %v = load i32, ptr @g
  %f = load atomic i32, ptr %flag acquire, align 4
  store i32 %f, ptr @g
  %w = load i32, ptr @h
  fence seq_cst
  store i32 %w, ptr @h
  ret void
}
; CHECK-LABEL: define void @across_atomic(
; CHECK-NEXT:    call void @__schedsan_read4(ptr @g,
; CHECK-NEXT:    load i32, ptr @g
; CHECK-NEXT:    call void @__schedsan_atomic_load(
; CHECK-NEXT:    load atomic
; CHECK-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 %f, ptr @g
; CHECK-NEXT:    call void @__schedsan_read4(ptr @h,
; CHECK-NEXT:    load i32, ptr @h
; CHECK-NEXT:    call void @__schedsan_atomic_fence(
; CHECK-NEXT:    fence seq_cst
; CHECK-NEXT:    call void @__schedsan_write4(ptr @h,
; CHECK-NEXT:    store i32 %w, ptr @h

; Only when the sizes match: a 1-byte read and an 8-byte write stay apart.
define void @size_mismatch() {
  %b = load i8, ptr @a
  %z = zext i8 %b to i64
  store i64 %z, ptr @a
  ret void
}
; CHECK-LABEL: define void @size_mismatch(
; CHECK-NEXT:    call void @__schedsan_read1(ptr @a,
; CHECK-NEXT:    load i8, ptr @a
; CHECK-NEXT:    zext
; CHECK-NEXT:    call void @__schedsan_write8(ptr @a,
; CHECK-NEXT:    store i64 %z, ptr @a

; Same size, different type: one update.
define void @same_size_other_type() {
  %f = load float, ptr @g
  %i = fptosi float %f to i32
  store i32 %i, ptr @g
  ret void
}
; CHECK-LABEL: define void @same_size_other_type(
; SPLIT-NEXT:    call void @__schedsan_read4(ptr @g,
; COMPOUND-NEXT: call void @__schedsan_update4(ptr @g,
; CHECK-NEXT:    load float, ptr @g
; CHECK-NEXT:    fptosi
; SPLIT-NEXT:    call void @__schedsan_write4(ptr @g,
; CHECK-NEXT:    store i32 %i, ptr @g

; Different blocks: no merge.
define void @across_blocks() {
entry:
  %v = load i32, ptr @g
  br label %next
next:
  store i32 %v, ptr @g
  ret void
}
; CHECK-LABEL: define void @across_blocks(
; CHECK:         call void @__schedsan_read4(ptr @g,
; CHECK:         call void @__schedsan_write4(ptr @g,

; SPLIT-STATS: {{ }}14 schedsan - Plain reads instrumented
; SPLIT-STATS: {{ }}11 schedsan - Plain writes instrumented
; SPLIT-STATS-NOT: Read-before-write
; SPLIT-STATS-NOT: read merged
; STATS: {{ }}8 schedsan - Plain reads instrumented
; STATS: {{ }}6 schedsan - Plain writes instrumented
; STATS: {{ }}5 schedsan - Read-before-write pairs made one event
; STATS: {{ }}6 schedsan - Skipped: read merged into a following write
