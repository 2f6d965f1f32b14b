; -schedsan-compound-updates=false keeps a read and the following write of
; the same address as two scheduling points (so `x++` can be interleaved);
; by default they are one update event.
; RUN: %opt -passes="schedsan,verify" -S %s | FileCheck --check-prefix=ON %s
; RUN: %opt -passes="schedsan,verify" -schedsan-compound-updates=false -S %s | FileCheck --check-prefix=OFF %s
; RUN: %opt -passes=schedsan -schedsan-compound-updates=false -stats -disable-output %s 2>&1 | FileCheck --check-prefix=STATS %s

@x = global i32 0

define void @increment() {
; ON-LABEL: @increment(
; ON: call void @__schedsan_update4(ptr @x
; ON-NEXT: load i32, ptr @x
; ON-NOT: call void @__schedsan_
; ON: ret void
; OFF-LABEL: @increment(
; OFF: call void @__schedsan_read4(ptr @x
; OFF-NEXT: load i32, ptr @x
; OFF: call void @__schedsan_write4(ptr @x
; OFF-NEXT: store i32
; OFF-NOT: __schedsan_update
  %v = load i32, ptr @x
  %n = add i32 %v, 1
  store i32 %n, ptr @x
  ret void
}

; STATS: 1 schedsan - Plain reads instrumented
; STATS: 1 schedsan - Plain writes instrumented
; STATS-NOT: Read-before-write
