; By default a read and the following write of the same address are two
; scheduling points (so `x++` can be interleaved and lose an update);
; -schedsan-compound-updates makes them one update event, as before the
; default changed (`=false` states the default).
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck --check-prefix=SPLIT %s
; RUN: %opt -passes="schedsan,verify" -schedsan-compound-updates=false -S %s | FileCheck --check-prefix=SPLIT %s
; RUN: %opt -passes="schedsan,verify" -schedsan-compound-updates -S %s | FileCheck --check-prefix=COMPOUND %s
; RUN: %opt -passes=schedsan -stats -disable-output %s 2>&1 | FileCheck --check-prefix=SPLIT-STATS %s
; RUN: %opt -passes=schedsan -schedsan-compound-updates=true -stats -disable-output %s 2>&1 | FileCheck --check-prefix=COMPOUND-STATS %s

@x = global i32 0

define void @increment() {
; SPLIT-LABEL: @increment(
; SPLIT-NEXT: call void @__schedsan_read4(ptr @x
; SPLIT-NEXT: load i32, ptr @x
; SPLIT-NEXT: add
; SPLIT-NEXT: call void @__schedsan_write4(ptr @x
; SPLIT-NEXT: store i32
; SPLIT-NEXT: ret void
; COMPOUND-LABEL: @increment(
; COMPOUND-NEXT: call void @__schedsan_update4(ptr @x
; COMPOUND-NEXT: load i32, ptr @x
; COMPOUND-NEXT: add
; COMPOUND-NEXT: store i32
; COMPOUND-NEXT: ret void
  %v = load i32, ptr @x
  %n = add i32 %v, 1
  store i32 %n, ptr @x
  ret void
}

; SPLIT-STATS: 1 schedsan - Plain reads instrumented
; SPLIT-STATS: 1 schedsan - Plain writes instrumented
; SPLIT-STATS-NOT: Read-before-write
; COMPOUND-STATS-NOT: Plain reads instrumented
; COMPOUND-STATS-NOT: Plain writes instrumented
; COMPOUND-STATS: 1 schedsan - Read-before-write pairs made one event
; COMPOUND-STATS: 1 schedsan - Skipped: read merged into a following write
